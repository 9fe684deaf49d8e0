// Diagnostic: a priority that is not arithmetic.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc task priority(p)
  work(p);
}

// CHECK: diag-hcc-priority-type.c:7:27: error: hccsim: the expression for 'priority' must be arithmetic (integer or floating point), not 'int *'
