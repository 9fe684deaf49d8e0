// mode=simulate: the object, linked as hccsim -fsimulate links, runs under the
// simulator (kernels timed natively for calibration, then replayed); the
// program sees __HCCSIM_SIMULATE__ and the tasks' parameters are recorded.
// REQUIRES: hcc-rt-sim
// RUN: %clang -fplugin=%hccplugin -fplugin-arg-hcc-mode=simulate -fopenmp -Wall -Werror -c %s -o %t.o
// RUN: %clang %t.o %hcc-rt-sim -lstdc++ -lpthread -lm -o %t
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir && env HCC_WORKERS=2 %t > out.txt 2> err.txt
// RUN: FileCheck %s < %t.dir/out.txt
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.dir/err.txt
#include <stdio.h>

static void scale(double *x, int n) {
  for (int i = 0; i < n; ++i) x[i] *= 2;
}

int main(void) {
  double a[64];
  for (int i = 0; i < 64; ++i) a[i] = 1;
#pragma omp parallel
#pragma omp single
  {
    for (int b = 0; b < 64; b += 16) {
#pragma omp task depend(inout: a[b:16]) firstprivate(b)
#pragma hcc params(block = b)
      scale(&a[b], 16);
    }
#pragma omp taskwait
  }
#ifdef __HCCSIM_SIMULATE__
  printf("simulated\n");
#endif
  return 0;
}

// CHECK: simulated
// SUMMARY: hccsim: mode=simulate {{.*}}tasks=4
