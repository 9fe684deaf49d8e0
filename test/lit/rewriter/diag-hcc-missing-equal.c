// Diagnostic: a parameter without a value.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc params(n)
  work(p);
}

// CHECK: diag-hcc-missing-equal.c:7:21: error: hccsim: expected '=' after parameter name 'n' (write n = expr), found ')'
