// Tasks that store numbers into an array whose contents decide how many
// times a loop of the program goes round (a norm summed from the array ends
// the iteration) run in a simulation, for their effects, so the simulated
// program takes as many iterations as the native one (it took 1,000, the
// loop's bound, when they were charged their model and not run). Tasks
// whose array only a check after the computation reads (`if (bad) return
// 1;` outside any loop) are simulated: the run's note line says so.
// RUN: %hccsim -finstrument %s -o %t.inst
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: rm -rf %t.m && env OMP_NUM_THREADS=2 HCC_MODEL_DIR=%t.m %t.inst 2>/dev/null | FileCheck %s --check-prefix=NATIVE
// RUN: env HCC_PLATFORM=laptop HCC_MODEL_DIR=%t.m %t.sim 2>/dev/null | FileCheck %s --check-prefix=SIM
// RUN: env HCC_PLATFORM=laptop HCC_MODEL_DIR=%t.m %t.sim 2>&1 >/dev/null | FileCheck %s --check-prefix=NOTE
// RUN: %hccsim -fsimulate -Rhcc -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
#include <stdio.h>

#define N 65536
static double x[N];
static double y[N];

static void fill(int b) {
  for (int i = b * (N / 8); i < (b + 1) * (N / 8); i++) y[i] = i * 0.5;
}

int main(void) {
  for (int i = 0; i < N; i++) x[i] = 1.0;
  double norm = 1e30;
  int it = 0;
  while (norm > 1.0 && it < 1000) {
#pragma omp parallel
#pragma omp single
    for (int b = 0; b < 8; b++) {
#pragma omp task firstprivate(b)
      for (int i = b * (N / 8); i < (b + 1) * (N / 8); i++) x[i] *= 0.5;
    }
    norm = 0;
    for (int i = 0; i < N; i++) norm += x[i] * x[i];
    it++;
  }
  printf("iterations=%d norm=%g\n", it, norm);
#pragma omp parallel
#pragma omp single
  for (int b = 0; b < 8; b++) {
#pragma omp task
    fill(b);
  }
  int bad = 0;
  for (int i = 0; i < N; i++)
    if (y[i] != i * 0.5) bad++;
  if (bad) {
    printf("check: %d wrong\n", bad);
    return 0;
  }
  printf("check: ok\n");
  return 0;
}
// The norm is 65536 / 4^k after k iterations: 8 to come down to 1.
// NATIVE: iterations=8 norm=1{{$}}
// NATIVE: check: ok
// SIM: iterations=8 norm=1{{$}}
// SIM: check: {{[0-9]+}} wrong

// NOTE: hccsim: note: 8 runs of 1 kernel charged from its models, not run: what they compute is not computed (fill (8))

// REMARK: steering-task-contents.c:32:1: remark: hccsim: task 'steering-task-contents.c:32' (runs in simulation: its stores steer control code)
// REMARK: steering-task-contents.c:43:1: remark: hccsim: task 'fill', work hcc_loop_trip((double)((b) * (65536 / 8)), (double)(((b) + 1) * (65536 / 8)), 1, 0){{$}}
