// Undeferred tasks (if(0)): what the runtime does for each, from its
// allocation on, is measured by an instrumented run (hcc.included) and
// charged by a simulation, as for the other tasks run when created. They
// cost nothing before: 200,000 of them simulated with HCC_SIM_BURSTS=off
// took 0 s (natively about 5 ms: a few tens of ns each).
// RUN: %hccsim -finstrument %s -o %t.inst
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: rm -rf %t.m && env OMP_NUM_THREADS=1 HCC_MODEL_DIR=%t.m %t.inst > /dev/null 2>&1
// RUN: test -f %t.m/hcc.included.cpu.json
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=1 HCC_MODEL_DIR=%t.m HCC_SIM_BURSTS=off %t.sim 2>&1 | FileCheck %s
// CHECK: hccsim: mode=simulate makespan={{0\.0*[1-9][0-9]*}} tasks=200000 workers=1
#include <stdio.h>

int main(void) {
  long sum = 0;
#pragma omp parallel
#pragma omp single
  for (int t = 0; t < 200000; t++) {
#pragma omp task if (0) shared(sum)
    sum += t % 7;
  }
  printf("%ld\n", sum);
  return 0;
}
