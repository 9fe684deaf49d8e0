// End to end on a GPU: a task with impl(cuda: fn) runs fn on the GPU worker
// with the depend item's device buffer, and the OpenMP program reads the
// result in place after the region (written back to main memory).
// REQUIRES: cuda-gpu
// RUN: %nvcc -I%hcc-rt-include -c %S/Inputs/scale_kernel.cu -o %t.kernel.o
// RUN: %hccsim -fnative -Wall -Werror %s %t.kernel.o -o %t.hcc
// RUN: env HCC_WORKERS=0 HCC_GPUS=1 HCC_RECORDS=%t.csv %t.hcc | FileCheck %s
// RUN: grep -c ',scale,cuda,' %t.csv | FileCheck --check-prefix=GPU %s
#include <stdio.h>

void scale_gpu(double *x, double a, int n); /* Inputs/scale_kernel.cu */

static void scale(double *x, double a, int n) {
  for (int i = 0; i < n; ++i) x[i] *= a;
}

static void scale_cuda(double *x, double a, int n) { scale_gpu(x, a, n); }

int main(void) {
  static double v[4096];
  for (int i = 0; i < 4096; ++i) v[i] = i;
#pragma omp parallel
#pragma omp single
  for (int r = 0; r < 3; ++r) {
#pragma omp task depend(inout: v[0:4096])
#pragma hcc task impl(cuda: scale_cuda)
    scale(v, 2.0, 4096);
  }
  printf("v[4095]=%g\n", v[4095]);
  return 0;
}

// CHECK: v[4095]=32760
// GPU: 3
