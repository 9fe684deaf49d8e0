// A taskwait with nothing to wait for only looks at its task's counters: an
// instrumented run measures that look (hcc.emptywait) and a simulation
// charges it at each such wait. It cost nothing before, where a native one
// costs a few nanoseconds and a recursive program makes one per internal
// node of its tree (fib at cut-off 0: 514,228 in 1,028,456 tasks).
// RUN: %hccsim -finstrument %s -o %t.inst
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: rm -rf %t.m && env OMP_NUM_THREADS=2 HCC_INSTRUMENT_SAMPLING=all HCC_MODEL_DIR=%t.m %t.inst | FileCheck %s
// RUN: python3 %S/Inputs/model_counts.py %t.m hcc.emptywait=100000 | FileCheck %s --check-prefix=COUNTS
// Simulated with that cost alone, set to 1 us, and no bursts: 100,000 waits
// take 0.1 s; without it, none.
// RUN: rm -rf %t.c && mkdir %t.c && python3 %S/Inputs/write_cost_model.py %t.c hcc.emptywait 1e-6
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=2 HCC_SIM_BURSTS=off HCC_MODEL_DIR=%t.c %t.sim 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: rm %t.c/hcc.emptywait.cpu.json
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=2 HCC_SIM_BURSTS=off HCC_MODEL_DIR=%t.c %t.sim 2>&1 | FileCheck %s --check-prefix=NONE
// CHECK: waits 100000
// COUNTS: hcc.emptywait at least a quarter of 100000
// SIM: hccsim: mode=simulate makespan=0.100000 tasks=0
// SIM: waits 100000
// NONE: hccsim: mode=simulate makespan=0.000000 tasks=0
// NONE: waits 100000
#include <stdio.h>

int main(void) {
  int waits = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 100000; i++) {
#pragma omp taskwait
    waits++;
  }
  printf("waits %d\n", waits);
  return 0;
}
