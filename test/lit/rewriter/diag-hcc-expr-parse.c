// Diagnostic: a value that does not parse.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc params(n = len *)
  work(p);
}

// CHECK: diag-hcc-expr-parse.c:7:29: error: hccsim: expected an expression, found ')' (supported: names, numbers, calls, subscripts, members, unary and binary operators, ?:)
