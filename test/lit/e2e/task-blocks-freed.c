// A task that allocates a block and stores its address where other code
// follows it, and the task that frees it, run in a simulation (their
// effects are the program's heap), charged their models: the simulated
// program frees every block it allocated, as natively. Simulated, the
// first task left its block unallocated and the second freed what the
// array held (a crash in a simulation whose array was on the stack).
// RUN: %hccsim -finstrument %s -o %t.inst
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: rm -rf %t.m %t.none && env OMP_NUM_THREADS=2 HCC_MODEL_DIR=%t.m %t.inst 2>/dev/null | FileCheck %s
// RUN: env HCC_PLATFORM=laptop HCC_MODEL_DIR=%t.m %t.sim 2>/dev/null | FileCheck %s
// Without models: the kernels' first runs are timed natively, the others replayed.
// RUN: env HCC_PLATFORM=laptop HCC_MODEL_DIR=%t.none %t.sim 2>/dev/null | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

#define NB 16
#define BS 4096

int main(void) {
  double *scratch[NB];
  double sums[NB];
  int freed = 0;
#pragma omp parallel
#pragma omp single
  for (int b = 0; b < NB; ++b) {
#pragma omp task depend(out : scratch[b]) firstprivate(b)
    {
      scratch[b] = malloc(BS * sizeof(double));
      for (int i = 0; i < BS; ++i) scratch[b][i] = (b + 1) * 0.5 + i;
    }
#pragma omp task depend(in : scratch[b]) firstprivate(b) shared(freed)
    {
      double s = 0;
      for (int i = 0; i < BS; ++i) s += scratch[b][i];
      sums[b] = s;
      if (scratch[b]) {
#pragma omp atomic
        freed++;
      }
      free(scratch[b]);
    }
  }
  printf("freed=%d\n", freed);
  (void)sums;
  return 0;
}
// CHECK: freed=16
