// clock() in a simulation counts the CPU time of every simulated thread of
// the process, as natively: a region whose two threads compute all along
// reads twice its wall time (it read its wall time, as one thread would,
// when clock() was the simulated time); one thread reads its wall time.
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=2 %t.sim 2>/dev/null | FileCheck %s --check-prefix=TWO
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=1 %t.sim 2>/dev/null | FileCheck %s --check-prefix=ONE
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <time.h>

int main(void) {
  const int n = 20000000;
  const clock_t c0 = clock();
  const double w0 = omp_get_wtime();
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++) s += sqrt((double)i) * 1e-6;
  const double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC, wall = omp_get_wtime() - w0;
  const double ratio = cpu / wall;
  printf("threads=%d cpu/wall %s\n", omp_get_max_threads(),
         ratio > 1.8 && ratio < 2.2 ? "about 2" : ratio > 0.9 && ratio < 1.1 ? "about 1" : "other");
  return s > 0 ? 0 : 1;
}
// TWO: threads=2 cpu/wall about 2
// ONE: threads=1 cpu/wall about 1
