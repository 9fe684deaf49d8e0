// OMP_NUM_THREADS bounds a simulation's CPU workers as it bounds a native
// run's (without HCC_WORKERS): a task program run with OMP_NUM_THREADS=1 on
// the 2-core laptop platform ran its tasks on both cores, twice as fast as
// natively. More threads than cores get the cores (the team's others are
// workers added for it); HCC_WORKERS still decides when set.
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=1 %t.sim 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=2 %t.sim 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=8 %t.sim 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=1 HCC_WORKERS=2 %t.sim 2>&1 | FileCheck %s --check-prefix=TWO
// ONE: hccsim: mode=simulate makespan={{[0-9.]+}} tasks=4 workers=1
// TWO: hccsim: mode=simulate makespan={{[0-9.]+}} tasks=4 workers=2
#include <stdio.h>

int main(void) {
  int done = 0;
#pragma omp parallel
#pragma omp single
  for (int t = 0; t < 4; t++) {
#pragma omp task shared(done)
    {
#pragma omp atomic
      done++;
    }
  }
  return done == 4 ? 0 : 1;
}
