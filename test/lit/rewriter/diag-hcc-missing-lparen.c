// Diagnostic: params without its parenthesis.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc params n = len
  work(p);
}

// CHECK: diag-hcc-missing-lparen.c:7:20: error: hccsim: expected '(' after 'params' (write params(name = expr, ...)), found 'n'
