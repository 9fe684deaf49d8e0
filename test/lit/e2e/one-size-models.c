// A simulation names the kernels it charged whose model is keyed on
// nothing (no depend items, no #pragma hcc params, no loop the compiler
// counts in the body): their time is the instrumented run's whatever the
// input's size. Not those the compiler counts the work of, nor those
// with depend items.
// RUN: %hccsim -finstrument %s -o %t.inst
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: rm -rf %t.m && env OMP_NUM_THREADS=2 HCC_MODEL_DIR=%t.m %t.inst 1000 > /dev/null
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=2 HCC_MODEL_DIR=%t.m %t.sim 1000 2>&1 | FileCheck %s
// CHECK: hccsim: note: 12 runs of 3 kernels charged from their models, not run: what they compute is not computed (
// CHECK-NEXT: hccsim: note: halve_until_small has one model for every size (no depend items, no #pragma hcc params, no loop the compiler counts): at another input than the instrumented run's, it is charged its time
#include <stdio.h>
#include <stdlib.h>

static void halve_until_small(double *a, int n) {
  int i = 0;
  while (i < n) a[i++] *= 0.5;
}

static void halve_block(double *a, int n) {
  int i = 0;
  while (i < n) a[i++] *= 0.5;
}

static void scale(double *a, int n) {
  for (int i = 0; i < n; i++) a[i] *= 2;
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 1000;
  double *a = calloc(4 * (size_t)n, sizeof *a);
#pragma omp parallel
#pragma omp single
  for (int b = 0; b < 4; b++) {
    double *blk = a + (size_t)b * n;
#pragma omp task
    halve_until_small(blk, n);
#pragma omp task
    scale(blk, n);
#pragma omp task depend(inout: blk[0:n])
    halve_block(blk, n);
  }
  printf("done\n");
  free(a);
  return 0;
}
