// Diagnostic: an unclosed parameter list.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc params(n = len
  work(p);
}

// CHECK: diag-hcc-missing-rparen.c:7:27: error: hccsim: expected ',' or ')' after the value of parameter 'n', found end of line
