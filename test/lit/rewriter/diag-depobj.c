// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
#include <omp.h>

void work(double *);

void f(double *a) {
  omp_depend_t o;
#pragma omp depobj(o) depend(inout: a[0])
#pragma omp task depend(depobj: o)
  work(a);
}

// CHECK: diag-depobj.c:9:18: error: hccsim: 'depend(depobj: ...)' on 'omp task' is not supported; write the dependences directly in the task's depend clauses
