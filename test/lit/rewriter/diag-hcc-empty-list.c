// Diagnostic: an empty parameter list.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc params()
  work(p);
}

// CHECK: diag-hcc-empty-list.c:7:20: error: hccsim: empty parameter list; write params(name = expr, ...)
