// RUN: %omp-check %s
// Checks a parallel region inside a function called from a parallel region (orphaned nested parallel and orphaned for).
#include <omp.h>
#include <stdio.h>

static int work(int base, int level) {
  int sum = 0;
  int level_ok = (omp_get_level() == level);
#pragma omp parallel reduction(+ : sum)
  {
    if (omp_get_level() != level + 1)
      sum += 1000000;
#pragma omp for
    for (int i = 0; i < 10; i++)
      sum += base + i;
  }
  return level_ok ? sum : -1;
}

static void orphan_for(int *out, int n) {
#pragma omp for
  for (int i = 0; i < n; i++)
    out[i] = i * i;
}

int main(void) {
  int results[64];
  int squares[20];
  int entered = 0, nthreads = 0;

#pragma omp parallel shared(results, squares, entered, nthreads)
  {
    int tid = omp_get_thread_num();
    if (tid < 64)
      results[tid] = work(tid * 10, 1);
#pragma omp atomic
    entered++;
#pragma omp single
    nthreads = omp_get_num_threads();
    orphan_for(squares, 20);
  }

  int all_ok = 1;
  for (int t = 0; t < nthreads && t < 64; t++)
    if (results[t] != t * 100 + 45)
      all_ok = 0;
  printf("work results ok: %d\n", all_ok);
  printf("entered == nthreads: %d\n", entered == nthreads);
  int sq = 0;
  for (int i = 0; i < 20; i++)
    sq += squares[i];
  printf("sum of squares: %d\n", sq);
  printf("direct call: %d\n", work(5, 0));
  return 0;
}
