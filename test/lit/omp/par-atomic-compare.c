// RUN: %omp-check %s
// Checks OpenMP 5.1 atomic compare forms: min/max updates, compare-and-swap, and compare capture.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int amax = -1, amin = 1 << 30;
  long lmax = 0;
  int owner = -1;          /* claimed once via compare-and-swap */
  int claims = 0;
  int cas_success = 0, nthreads = 0;
  int values[500];
  for (int i = 0; i < 500; i++)
    values[i] = (i * 7919) % 1009;

#pragma omp parallel shared(amax, amin, lmax, owner, claims, cas_success, values, nthreads)
  {
#pragma omp single
    nthreads = omp_get_num_threads();
#pragma omp for
    for (int i = 0; i < 500; i++) {
      int v = values[i];
#pragma omp atomic compare
      if (v > amax) { amax = v; }
#pragma omp atomic compare
      amin = v < amin ? v : amin;
      long lv = (long)v * 1000000L;
#pragma omp atomic compare
      if (lmax < lv) { lmax = lv; }
    }

    /* every thread tries to swap -1 -> 5; exactly one succeeds */
    int old = 0;
#pragma omp atomic compare capture
    { old = owner; if (owner == -1) { owner = 5; } }
    if (old == -1) {
#pragma omp atomic
      claims++;
    }

    /* compare capture with the success flag form */
    int r = 0, expected = 5;
#pragma omp atomic compare capture
    { r = owner == expected; if (r) { owner = 5; } }
    if (r) {
#pragma omp atomic
      cas_success++;
    }
  }

  printf("max %d min %d lmax %ld\n", amax, amin, lmax);
  printf("owner %d, claims %d\n", owner, claims);
  printf("every thread saw the swapped value: %d\n", cas_success == nthreads);
  return 0;
}
