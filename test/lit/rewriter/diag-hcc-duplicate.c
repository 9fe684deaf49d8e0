// Diagnostic: a parameter named twice.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc params(n = len, n = 2)
  work(p);
}

// CHECK: diag-hcc-duplicate.c:7:29: error: hccsim: duplicate parameter name 'n'; each parameter is named once
