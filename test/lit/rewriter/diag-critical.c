// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s

void f(int *sum, int n) {
#pragma omp task shared(sum)
  {
#pragma omp critical
    *sum += n;
  }
}

// CHECK: diag-critical.c:6:1: error: hccsim: 'omp critical' inside a task region is not supported; use mutexinoutset dependences
