// End to end: tasks with dependences accumulate into an array; the rewritten
// program, linked with the native runtime, prints what clang -fopenmp's does.
// RUN: %hccsim -fnative -Wall -Werror %s -o %t.hcc
// RUN: %clang -fopenmp %s -o %t.omp
// RUN: env HCC_WORKERS=4 %t.hcc > %t.hcc.out
// RUN: %t.omp > %t.omp.out
// RUN: diff %t.omp.out %t.hcc.out
// RUN: FileCheck %s < %t.hcc.out
#include <stdio.h>

#define N 16
#define STEPS 5

static void add(double *dst, const double *src, int n) {
  for (int i = 0; i < n; ++i) dst[i] += src[i];
}

int main(void) {
  double a[N], b[N], total[1] = {0};
  for (int i = 0; i < N; ++i) a[i] = i, b[i] = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int s = 0; s < STEPS; ++s) {
      for (int i = 0; i < N; i += 4) {
#pragma omp task depend(in: a[i:4]) depend(inout: b[i:4]) firstprivate(i)
        add(&b[i], &a[i], 4);
#pragma omp task depend(inout: a[i:4]) firstprivate(i, s)
        for (int k = i; k < i + 4; ++k) a[k] = a[k] * 2 + s;
      }
    }
    for (int i = 0; i < N; i += 4) {
#pragma omp task depend(in: b[i:4]) depend(mutexinoutset: total[0]) firstprivate(i)
      for (int k = i; k < i + 4; ++k) total[0] += b[k];
    }
#pragma omp taskwait
  }
  printf("b[0]=%g b[%d]=%g total=%g\n", b[0], N - 1, b[N - 1], total[0]);
  return 0;
}

// CHECK: b[0]=16 b[15]=481 total=3976
