// A simulated kernel task that its creating thread runs at once (a short
// task, rt/core/short_tasks.hpp) is charged its kernel's model, as a
// deferred one is replayed; its body runs, for its effects, and is not the
// program's code. Counted as a CPU burst, it cost what it took in the
// simulation (7 us a run here, against a model of 0.95), and nothing at
// all with HCC_SIM_BURSTS=off: 20,000 such tasks simulated in 74 us. The
// body takes 7 times its model so that the bounds below tell the two apart
// on a machine of any speed: the loop's own bursts (0.002-0.006 s) against
// 0.14 s of bodies.
// RUN: %hccsim -finstrument -O1 %s -o %t.inst
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: rm -rf %t.m && env OMP_NUM_THREADS=2 HCC_MODEL_DIR=%t.m %t.inst > /dev/null
// RUN: rm -f %t.m/hcc.*.json && python3 %S/Inputs/scale_model.py %t.m body =0.95e-6
// 20,000 runs of 0.95 us, most on the creator: 0.019 s, bursts (the loop) a few
// ms, under 0.1 s; the bodies run on the creator compute (the few deferred are
// replayed).
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=2 HCC_MODEL_DIR=%t.m %t.sim 2>&1 | FileCheck %s --check-prefix=ON
// ON: hccsim: mode=simulate makespan=0.0{{1[5-9]|[2-4][0-9]}}{{[0-9]*}} {{.*}} bursts=0.0{{[0-9]}}
// ON: sum {{19[0-9][0-9][0-9]|20000}}
// RUN: env HCC_SIM_BURSTS=off HCC_PLATFORM=laptop OMP_NUM_THREADS=2 HCC_MODEL_DIR=%t.m %t.sim 2>&1 | FileCheck %s --check-prefix=OFF
// OFF: hccsim: mode=simulate makespan=0.0{{1[5-9]|2[0-9]}}
// OFF: sum {{19[0-9][0-9][0-9]|20000}}
// In a team of one every task runs when it is created (included), each
// charged the model too, and every body computes.
// RUN: env HCC_PLATFORM=laptop HCC_MODEL_DIR=%t.m %t.sim 1 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: env HCC_SIM_BURSTS=off HCC_PLATFORM=laptop HCC_MODEL_DIR=%t.m %t.sim 1 2>&1 | FileCheck %s --check-prefix=ONE
// ONE: hccsim: mode=simulate makespan=0.0{{19|[2-4][0-9]}}
// ONE: sum 20000
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static double x[20000];

static double body(int i) {
  double s = 0;
  for (int k = 0; k < 3000; k++) s += 1.0 / (k + i + 1.0);
  return s;
}

int main(int argc, char **argv) {
  const int threads = argc > 1 ? atoi(argv[1]) : 2;
#pragma omp parallel num_threads(threads)
  if (omp_get_thread_num() == 0) {
    for (int i = 0; i < 20000; i++) {
#pragma omp task firstprivate(i)
      x[i] += body(i);
      if ((i & 15) == 15) {
#pragma omp taskwait
      }
    }
  }
  int n = 0;
  for (int i = 0; i < 20000; i++) n += x[i] > 0;
  printf("sum %d\n", n);
  return 0;
}
