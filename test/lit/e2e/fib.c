// End to end: recursive tasks (tasks created by tasks, taskwait inside tasks).
// RUN: %hccsim -fnative -Wall -Werror %s -o %t.hcc
// RUN: %clang -fopenmp %s -o %t.omp
// RUN: env HCC_WORKERS=3 %t.hcc 18 > %t.hcc.out
// RUN: %t.omp 18 > %t.omp.out
// RUN: diff %t.omp.out %t.hcc.out
// RUN: FileCheck %s < %t.hcc.out
#include <stdio.h>
#include <stdlib.h>

int fib(int n) {
  int x, y;
  if (n < 2) return n;
#pragma omp task shared(x)
  x = fib(n - 1);
#pragma omp task shared(y)
  y = fib(n - 2);
#pragma omp taskwait
  return x + y;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 15;
  int r;
#pragma omp parallel
  {
#pragma omp single
    r = fib(n);
  }
  printf("fib(%d)=%d\n", n, r);
  return 0;
}

// CHECK: fib(18)=2584
