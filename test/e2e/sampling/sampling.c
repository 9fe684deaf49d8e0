/* Sampled bursts and delays end to end (test/e2e/sampling.sh): counts of
 * the runs that really ran, and the time each statement took on the run's
 * clock (omp_get_wtime: simulated time in a simulation). */
#include <omp.h>
#include <stdio.h>
#include <time.h>

#include "spin.h"

int main(void) {
  long local_runs = 0, global_runs = 0, auto_runs = 0, max_runs = 0, delayed_runs = 0;
  double t;

  t = omp_get_wtime();
#pragma hcc sample(local, 5)
  for (int i = 0; i < 100; ++i) {
    ++local_runs;
    spin(1e-3);
  }
  printf("local runs=%ld seconds=%.4f\n", local_runs, omp_get_wtime() - t);

  for (int i = 0; i < 10; ++i) {
#pragma hcc sample(global, 3)
    {
      ++global_runs;
      spin(2e-4);
    }
  }
  printf("global runs=%ld\n", global_runs);

  /* 1 ms and 3 ms in turn: the relative standard error of the mean after k
   * runs is about 0.5 / sqrt(k), below 0.1 from k = 26. */
#pragma hcc sample(auto, tol = 0.1)
  for (int i = 0; i < 60; ++i) {
    ++auto_runs;
    spin(i % 2 ? 3e-3 : 1e-3);
  }
  printf("auto runs=%ld\n", auto_runs);

#pragma hcc sample(auto, tol = 1e-9, max = 10)
  for (int i = 0; i < 40; ++i) {
    ++max_runs;
    spin(1e-4);
  }
  printf("max runs=%ld\n", max_runs);

  t = omp_get_wtime();
#pragma hcc delay(seconds = 0.25)
  ++delayed_runs;
  printf("delay runs=%ld seconds=%.4f\n", delayed_runs, omp_get_wtime() - t);
  return 0;
}
