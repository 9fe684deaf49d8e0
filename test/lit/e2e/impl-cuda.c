// End to end: a task with impl(cuda: fn) runs its CPU body on a machine
// without GPUs (the CUDA wrapper is linked but never called).
// RUN: %hccsim -fnative -Wall -Werror %s -o %t.hcc
// RUN: env HCC_WORKERS=2 %t.hcc | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

static void scale(double *x, double a, int n) {
  for (int i = 0; i < n; ++i) x[i] *= a;
}

static void scale_cuda(double *x, double a, int n) {
  (void)x, (void)a, (void)n;
  fprintf(stderr, "scale_cuda called without a GPU\n");
  abort();
}

int main(void) {
  double v[64];
  for (int i = 0; i < 64; ++i) v[i] = i;
#pragma omp parallel
#pragma omp single
  for (int r = 0; r < 3; ++r) {
#pragma omp task depend(inout: v[0:64])
#pragma hcc task impl(cuda: scale_cuda)
    scale(v, 2.0, 64);
  }
  printf("v[63]=%g\n", v[63]);
  return 0;
}

// CHECK: v[63]=504
