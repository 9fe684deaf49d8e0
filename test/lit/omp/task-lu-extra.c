// RUN: %omp-check %s
// An LU-like task graph created entirely by a function of another file, called from parallel+master; the region's barrier completes it before the matrix is freed.
// EXTRA: Inputs/task-lu-extra-lib.c
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>

void lu_factor(unsigned long *m, int nt, int bs, int tasks);
void lu_checksum(const unsigned long *m, int nt, int bs, unsigned long *out);

static unsigned long *make(int n) {
  unsigned long *m = malloc((size_t)n * n * sizeof *m);
  for (int e = 0; e < n * n; e++)
    m[e] = (unsigned long)(e * 7919 + 13) % 1000003UL;
  return m;
}

int main(void) {
  const int nt = 6, bs = 4, n = nt * bs;

  /* reference: the same kernels, run immediately (undeferred) */
  unsigned long *ref = make(n);
  unsigned long ref_sum = 0;
  lu_factor(ref, nt, bs, 0);
  lu_checksum(ref, nt, bs, &ref_sum); /* no parallel: runs or is waited below */
#pragma omp taskwait

  for (int round = 0; round < 3; round++) {
    unsigned long *m = make(n);
    unsigned long sum = 0;
#pragma omp parallel shared(m, sum)
    {
#pragma omp master
      {
        lu_factor(m, nt, bs, 1); /* creates the tasks, does not wait */
        lu_checksum(m, nt, bs, &sum);
      }
      /* no taskwait: the implicit barrier must complete every task */
    }
    int same = memcmp(m, ref, (size_t)n * n * sizeof *m) == 0;
    free(m); /* right after the region */
    printf("round %d checksum %lu same %d\n", round, sum, same && sum == ref_sum);
  }
  free(ref);
  return 0;
}
