// A simulation that charges task kernels or loop chunks their models and
// does not run them says so, on one line before its summary: what they
// compute is not computed, so a program that prints it prints other values
// than natively. Runs that the simulation times natively (a kernel without a
// model, its first runs) are not in it, nor kernels that run for real.
// RUN: %hccsim -finstrument %s -o %t.inst
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: rm -rf %t.m && env HCC_WORKERS=2 OMP_NUM_THREADS=2 HCC_MODEL_DIR=%t.m %t.inst > /dev/null 2>&1
// RUN: env HCC_PLATFORM=laptop HCC_MODEL_DIR=%t.m %t.sim 2>&1 | FileCheck %s --check-prefix=MODELS
// RUN: env HCC_PLATFORM=laptop HCC_MODEL_DIR=%t.m HCC_SIM_LOOPS=model %t.sim 2>&1 | FileCheck %s --check-prefix=LOOPS
// RUN: rm -rf %t.none && env HCC_PLATFORM=laptop HCC_MODEL_DIR=%t.none HCC_SIM_CALIBRATE_RUNS=3 HCC_SIM_CALIBRATE_PRECISION=1 %t.sim 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: rm -rf %t.none && env HCC_PLATFORM=laptop HCC_MODEL_DIR=%t.none HCC_SIM_CALIBRATE_RUNS=40 %t.sim 2>&1 | FileCheck %s --check-prefix=ALL-TIMED
#include <stdio.h>

#define N 40

static double scale(double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += v[i] *= 1.5;
  return s;
}

int main(void) {
  static double a[N][256];
  double sums[N];
#pragma omp parallel for
  for (int k = 0; k < N; k++)
    for (int i = 0; i < 256; i++) a[k][i] = k + i;
#pragma omp parallel
#pragma omp single
  for (int k = 0; k < N; k++) {
#pragma omp task depend(out: sums[k])
    sums[k] = scale(a[k], 256);
  }
  double total = 0;
  for (int k = 0; k < N; k++) total += sums[k];
  printf("total=%.1f\n", total);
  double half = 0;  // a sequential nest: charged from its model under HCC_SIM_LOOPS=model too
  for (int k = 0; k < N; k++)
    for (int i = 0; i < 256; i++) half += a[k][i] * 0.5;
  printf("half=%.1f\n", half);
  return 0;
}
// MODELS: hccsim: note: 40 runs of 1 kernel charged from its models, not run: what they compute is not computed (scale (40))
// MODELS-NEXT: hccsim: mode=simulate

// A sequential nest charged from its model is named too (it was left out).
// LOOPS: hccsim: note: {{[0-9]+}} runs of 3 kernels charged from their models, not run: what they compute is not computed ({{.*}}scale (40){{.*}}loop:replayed-kernels-note.c:26{{.*}}loop:replayed-kernels-note.c:39 (1))
// LOOPS-NEXT: hccsim: mode=simulate

// NONE: hccsim: no model for kernel 'scale' on cpu
// NONE: hccsim: note: 37 runs of 1 kernel charged from its models, not run: what they compute is not computed (scale (37))

// ALL-TIMED-NOT: hccsim: note:
// ALL-TIMED: hccsim: mode=simulate
