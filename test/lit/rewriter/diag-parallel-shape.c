// A parallel region that creates tasks must be a single/master driver region:
// other code in it would run once per thread.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s

void work(int);

void f(void) {
#pragma omp parallel
  {
    work(1);
#pragma omp single
    {
#pragma omp task
      work(2);
    }
  }
}

// CHECK: diag-parallel-shape.c:8:1: error: hccsim: an 'omp parallel' region that creates tasks must consist of one 'omp single', 'omp master' or 'omp masked' construct; code outside it would run once per thread
