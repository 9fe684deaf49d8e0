// An OpenMP region's own work is measured by an instrumented run and
// charged by a simulation: on its encountering thread before it submits the
// team's implicit tasks (hcc.fork) and after it saw the team's end
// (hcc.join), and on each team thread around its implicit task (hcc.implicit);
// and how late a looking thread sees what another made ready (hcc.notice:
// the other thread its implicit task, mostly; a run a few of whose regions
// found it busy still counts a thousand).
// None was charged before: a `parallel for` over 4,096 doubles simulated at
// 0.76 us a region for a native 1.0-1.2 us.
// ALLOW_RETRIES: 2
// RUN: %hccsim -finstrument %s -o %t.inst
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: rm -rf %t.m && env OMP_NUM_THREADS=2 HCC_INSTRUMENT_SAMPLING=all HCC_MODEL_DIR=%t.m %t.inst | FileCheck %s
// RUN: python3 %S/Inputs/model_counts.py %t.m hcc.fork=2000 hcc.join=2000 hcc.implicit=4000 hcc.notice=1000 | FileCheck %s --check-prefix=COUNTS
// Simulated with these costs alone, set to 2, 3 and 5 us, hcc.notice 0 (without
// it, two moves of the platform's hcc.line_transfer: 60 ns on laptop), and
// no bursts: a region costs 2 + 5 + 3 us on the encountering thread (the
// other thread's 5 us run meanwhile); the makespan ends with the last
// region's implicit tasks, before its join: 2,000 x 10 - 3 us. Without
// hcc.join, 2,000 x 7 us.
// RUN: rm -rf %t.c && mkdir %t.c && python3 %S/Inputs/write_cost_model.py %t.c hcc.fork 2e-6 hcc.join 3e-6 hcc.implicit 5e-6 hcc.notice 0
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=2 HCC_SIM_BURSTS=off HCC_MODEL_DIR=%t.c %t.sim 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: rm %t.c/hcc.join.cpu.json
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=2 HCC_SIM_BURSTS=off HCC_MODEL_DIR=%t.c %t.sim 2>&1 | FileCheck %s --check-prefix=NOJOIN
// With hcc.join back and hcc.notice 4 us: the other thread starts 4 us after
// its task was submitted, and the encountering thread, which parked for the
// team's end, sees it 4 us after it: 2 + 4 + 5 + 4 + 3 = 18 us a region.
// RUN: python3 %S/Inputs/write_cost_model.py %t.c hcc.join 3e-6 hcc.notice 4e-6
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=2 HCC_SIM_BURSTS=off HCC_MODEL_DIR=%t.c %t.sim 2>&1 | FileCheck %s --check-prefix=NOTICE
// And with hcc.submit 2.5 us, charged before each task is queued (natively
// the submission's work comes first), and hcc.join 1 us: the other
// thread's task is queued at 2 + 2.5 us and counted out at 4.5 + 4 + 5 =
// 13.5 us, the encountering thread counts its own out at 2 + 2.5 + 2.5 + 5 =
// 12 us and sees the other's count at 13.5 + 4 = 17.5 us: 18.5 us a region.
// RUN: python3 %S/Inputs/write_cost_model.py %t.c hcc.join 1e-6 hcc.submit 2.5e-6
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=2 HCC_SIM_BURSTS=off HCC_MODEL_DIR=%t.c %t.sim 2>&1 | FileCheck %s --check-prefix=SEEN
// CHECK: regions 2000 threads 4000
// COUNTS: hcc.fork at least a quarter of 2000
// COUNTS: hcc.join at least a quarter of 2000
// COUNTS: hcc.implicit at least a quarter of 4000
// COUNTS: hcc.notice at least a quarter of 1000
// SIM: hccsim: mode=simulate makespan=0.019997 tasks=0
// NOJOIN: hccsim: mode=simulate makespan=0.014000 tasks=0
// NOTICE: hccsim: mode=simulate makespan=0.035997 tasks=0
// SEEN: hccsim: mode=simulate makespan=0.036999 tasks=0
#include <stdio.h>

int main(void) {
  int threads = 0;
  for (int r = 0; r < 2000; ++r) {
#pragma omp parallel reduction(+ : threads)
    threads += 1;
  }
  printf("regions 2000 threads %d\n", threads);
  return 0;
}
