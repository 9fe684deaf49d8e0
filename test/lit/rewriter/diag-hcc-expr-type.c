// Diagnostic: a value that is not arithmetic.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc params(n = p)
  work(p);
}

// CHECK: diag-hcc-expr-type.c:7:24: error: hccsim: the expression for parameter 'n' must be arithmetic (integer or floating point), not 'int *'
