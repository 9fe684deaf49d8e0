// RUN: %omp-check %s
// Checks variable-length arrays shared in a parallel region and used by worksharing loops, reductions and firstprivate.
#include <omp.h>
#include <stdio.h>

static long run(int n, int m) {
  int v[n];
  int mat[n][m];
  long total = 0;

#pragma omp parallel shared(v, mat) reduction(+ : total)
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      v[i] = i + 1;
    /* implicit barrier: v is complete */
#pragma omp for collapse(2) schedule(dynamic, 3)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++)
        mat[i][j] = v[i] * (j + 1);
#pragma omp for
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++)
        total += mat[i][j];
  }
  return total;
}

int main(int argc, char **argv) {
  (void)argv;
  int n = 12 + argc; /* 13 at run time */
  printf("vla 13x5: %ld\n", run(n, 5));
  printf("vla 1x1: %ld\n", run(1, 1));
  printf("vla 40x3: %ld\n", run(40, 3));

  /* firstprivate VLA: each thread gets its own copy */
  int w[n];
  for (int i = 0; i < n; i++)
    w[i] = i;
  int bad = 0;
#pragma omp parallel firstprivate(w) shared(bad)
  {
    int tid = omp_get_thread_num();
    for (int i = 0; i < n; i++)
      w[i] += tid * 100;
    for (int i = 0; i < n; i++)
      if (w[i] != i + tid * 100) {
#pragma omp atomic write
        bad = 1;
      }
  }
  int orig = 0;
  for (int i = 0; i < n; i++)
    orig += w[i];
  printf("firstprivate vla copies ok: %d, original sum %d\n", !bad, orig);
  return 0;
}
