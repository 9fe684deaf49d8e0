// RUN: %omp-check %s
// depend on array sections a[i:n] (identical or disjoint sections, also through a pointer base) orders block producers, updaters and consumers.
#include <stdio.h>
#include <omp.h>

#define N 64
#define B 8

int main(void) {
  int a[N], b[N / B], c[N / B];

#pragma omp parallel
#pragma omp single
  {
    /* produce whole array in blocks */
    for (int i = 0; i < N; i += B) {
#pragma omp task depend(out: a[i:B]) shared(a) firstprivate(i)
      for (int k = i; k < i + B; k++)
        a[k] = k;
    }
    /* update each block in place, with a section given as a pointer base */
    for (int i = 0; i < N; i += B) {
      int *p = &a[i];
#pragma omp task depend(inout: p[0:B]) firstprivate(p)
      for (int k = 0; k < B; k++)
        p[k] = p[k] * 2 + 1;
    }
    /* consumers of a block and of its right neighbour (two sections) */
    for (int j = 0; j < N / B; j++) {
      int lo = j * B, hi = (j + 1 < N / B) ? lo + B : lo;
#pragma omp task depend(in: a[lo:B], a[hi:B]) depend(out: b[j]) shared(a, b) firstprivate(j, lo, hi)
      {
        int s = 0;
        for (int k = 0; k < B; k++)
          s += a[lo + k] + (hi != lo ? a[hi + k] : 0);
        b[j] = s;
      }
    }
    /* differences of neighbouring consumers */
    for (int j = 0; j < N / B; j++) {
      int prev = j > 0 ? j - 1 : j;
#pragma omp task depend(in: b[prev], b[j]) depend(out: c[j]) shared(b, c) firstprivate(j, prev)
      c[j] = b[j] - (j > 0 ? b[prev] : 0);
    }
#pragma omp taskwait
    printf("b:");
    for (int j = 0; j < N / B; j++)
      printf(" %d", b[j]);
    printf("\nc:");
    for (int j = 0; j < N / B; j++)
      printf(" %d", c[j]);
    printf("\n");
  }
  return 0;
}
