// clock() in a simulation counts the CPU time of every simulated thread of
// the process, as natively: a region whose two threads compute all along
// reads twice its wall time (it read its wall time, as one thread would,
// when clock() was the simulated time); one thread reads its wall time.
// Each thread spins a fixed amount of its own CPU clock, so the measured
// bursts are even whatever the load of the machine running the test.
// ALLOW_RETRIES: 2
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=2 %t.sim 2>/dev/null | FileCheck %s --check-prefix=TWO
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=1 %t.sim 2>/dev/null | FileCheck %s --check-prefix=ONE
#include <omp.h>
#include <stdio.h>
#include <time.h>

static double thread_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(void) {
  const clock_t c0 = clock();
  const double w0 = omp_get_wtime();
#pragma omp parallel
  {
    const double end = thread_seconds() + 0.04;
    while (thread_seconds() < end) {
    }
  }
  const double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC, wall = omp_get_wtime() - w0;
  const double ratio = cpu / wall;
  printf("threads=%d cpu/wall %s (%.4f %.4f)\n", omp_get_max_threads(),
         ratio > 1.8 && ratio < 2.2 ? "about 2" : ratio > 0.9 && ratio < 1.1 ? "about 1" : "other", cpu, wall);
  return 0;
}
// TWO: threads=2 cpu/wall about 2
// ONE: threads=1 cpu/wall about 1
