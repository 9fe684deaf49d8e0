// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s

void work(double *);

void f(int n) {
  double v[n];
#pragma omp task shared(v)
  work(v);
}

// CHECK: diag-vla.c:7:1: error: hccsim: variable 'v' of variably modified type used in a task is not supported; use a pointer to its first element
