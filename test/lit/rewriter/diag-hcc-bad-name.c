// Diagnostic: a parameter name that is not an identifier.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc params(3 = len)
  work(p);
}

// CHECK: diag-hcc-bad-name.c:7:20: error: hccsim: expected a parameter name (an identifier), found '3'
