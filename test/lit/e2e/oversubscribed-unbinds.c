// A native run binds its CPU workers one to a CPU (HCC_BIND), until threads
// outnumber the CPUs: a nested region's extra threads share the CPUs, and
// the bound workers may then run on any of them too, as Linux balances
// them (bound, a nested region's two teams of two on 2 CPUs took 0.11 s
// where libgomp takes 0.085). Each thread of the inner teams says on how
// many CPUs it may run, before and after: the outer region's worker on one
// (bound) at first, on all of them once the inner teams started.
// REQUIRES: several-cpus
// RUN: %hccsim -fnative %s -o %t
// RUN: env OMP_NUM_THREADS=2 taskset -c 0,1 %t 2>&1 | FileCheck %s
// CHECK: outer worker before: 1 CPU
// CHECK: inner threads: 4, each on 2 CPUs
#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <stdio.h>

static int cpus(void) {
  cpu_set_t set;
  return sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : -1;
}

int main(void) {
  int before = -1, threads = 0, least = 1 << 30;
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1) before = cpus();
#pragma omp barrier
#pragma omp parallel num_threads(2)
    {
#pragma omp barrier
      const int mine = cpus();
#pragma omp critical
      {
        ++threads;
        least = mine < least ? mine : least;
      }
    }
  }
  printf("outer worker before: %d CPU%s\n", before, before == 1 ? "" : "s");
  printf("inner threads: %d, each on %d CPUs\n", threads, least);
  return 0;
}
