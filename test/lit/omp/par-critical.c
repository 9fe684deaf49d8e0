// RUN: %omp-check %s
// Checks unnamed critical, named critical sections and critical with a hint protect shared updates.
#include <omp.h>
#include <stdio.h>

int main(void) {
  long a = 0, b = 0, c = 0;
  int list[1000];
  int len = 0;
  int maxv = -1;

#pragma omp parallel shared(a, b, c, list, len, maxv)
  {
#pragma omp for
    for (int i = 0; i < 1000; i++) {
#pragma omp critical
      a += i;
#pragma omp critical(listlock)
      list[len++] = i;
#pragma omp critical(maxlock) hint(omp_sync_hint_contended)
      {
        if (i % 389 > maxv)
          maxv = i % 389;
      }
    }
    /* nested different names do not deadlock */
#pragma omp critical(outer)
    {
#pragma omp critical(inner)
      b += 2;
    }
#pragma omp critical(speculative) hint(omp_sync_hint_speculative)
    c += 1;
  }

  long lsum = 0;
  int seen[1000] = {0}, dup = 0;
  for (int k = 0; k < len; k++) {
    lsum += list[k];
    if (seen[list[k]]++)
      dup = 1;
  }
  int nthreads = (int)(b / 2);
  printf("unnamed critical sum: %ld\n", a);
  printf("named critical list: len %d sum %ld duplicates %d\n", len, lsum, dup);
  printf("hinted critical max: %d\n", maxv);
  printf("nested names, per-thread counts agree: %d\n", nthreads == c && nthreads >= 1);
  return 0;
}
