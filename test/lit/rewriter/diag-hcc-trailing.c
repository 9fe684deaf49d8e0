// Diagnostic: tokens after the directive.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc params(n = len) extra
  work(p);
}

// CHECK: diag-hcc-trailing.c:7:29: error: hccsim: unexpected 'extra' at the end of '#pragma hcc'; remove it
