// Diagnostic: a parameter without a name.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc params(= len)
  work(p);
}

// CHECK: diag-hcc-empty-name.c:7:20: error: hccsim: empty parameter name; write params(name = expr, ...)
