// Diagnostic: a value naming an undeclared variable.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc params(n = lenn)
  work(p);
}

// CHECK: diag-hcc-expr-undeclared.c:7:24: error: hccsim: the expression for parameter 'n' is not valid here (an undeclared name or a type error)
