// A simulation decides which tasks are short (run on their creating thread,
// rt/core/short_tasks.hpp) from their kernels' models, as a native run does
// from their bodies' times: a timed run counts from the body's start, not
// from before the runtime's work that the simulation charges ahead of it
// (hcc.taskstart). Counted in, a 0.95 us kernel with 0.1 us before it
// was a 1.05 us run, not short, and all 20,000 were deferred and replayed
// from the model; natively such tasks run on their creator, as they do
// here after the first timed ones (run there, charged their model).
// RUN: %hccsim -finstrument -O1 %s -o %t.inst
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: rm -rf %t.m && env OMP_NUM_THREADS=2 HCC_MODEL_DIR=%t.m %t.inst > /dev/null
// RUN: rm -f %t.m/hcc.*.json && python3 %S/Inputs/scale_model.py %t.m body =0.95e-6
// RUN: python3 %S/Inputs/write_cost_model.py %t.m hcc.taskstart 1e-7 hcc.task 1e-7
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=2 HCC_MODEL_DIR=%t.m %t.sim 2>&1 | FileCheck %s
// Most runs on the creator: at most a few hundred replayed from the model.
// CHECK: hccsim: note: {{[0-9][0-9]?[0-9]?}} runs of 1 kernel charged from its models
// CHECK: tasks 20000
#include <omp.h>
#include <stdio.h>

static double x[64];

static double body(int i) {
  double s = 0;
  for (int k = 0; k < 300; k++) s += 1.0 / (k + i + 1.0);
  return s;
}

int main(void) {
  int n = 0;
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 0) {
    for (int i = 0; i < 20000; i++) {
#pragma omp task firstprivate(i)
      x[i & 63] += body(i);
      n++;
      if ((i & 15) == 15) {
#pragma omp taskwait
      }
    }
  }
  printf("tasks %d\n", n);
  return 0;
}
