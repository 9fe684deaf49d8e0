// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s

void work(double *);

void f(double *a, int n) {
#pragma omp task depend(iterator(i = 0:n), in: a[i])
  work(a);
}

// CHECK: diag-iterator.c:6:18: error: hccsim: the 'iterator' modifier in 'depend' on 'omp task' is not supported; write one depend item per element
