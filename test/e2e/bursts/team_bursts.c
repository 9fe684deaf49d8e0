/* CPU bursts of known length (bursts.sh): each thread of a parallel
 * region burns (tid + 1) units of its CPU time, then the main thread burns
 * one unit alone. A simulation charges each thread its own burst on its own
 * core, so the region costs its longest (nthreads units) and the
 * sequential part one unit; printed as the program's own clock says. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "../sampling/spin.h"

int main(int argc, char** argv) {
  const double unit = argc > 1 ? atof(argv[1]) : 0.002;
  int nthreads = 0;
  const double t0 = omp_get_wtime();
#pragma omp parallel
  {
    spin(unit * (omp_get_thread_num() + 1));
#pragma omp single
    nthreads = omp_get_num_threads();
  }
  const double t1 = omp_get_wtime();
  spin(unit);
  const double t2 = omp_get_wtime();
  printf("threads=%d region=%.6f sequential=%.6f\n", nthreads, t1 - t0, t2 - t1);
  return 0;
}
