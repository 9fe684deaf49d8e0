/* A burst of known length for the sampling tests (sampling.c,
 * mpi_sampling/mpi_sampling.c): busy for that many seconds of the thread's
 * CPU time, which instrumented runs measure. */
#ifndef HCC_TEST_SPIN_H
#define HCC_TEST_SPIN_H

#include <time.h>

static double cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void spin(double seconds) {
  const double end = cpu_now() + seconds;
  while (cpu_now() < end) {
  }
}

#endif
