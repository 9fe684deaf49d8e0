// Diagnostic: name(...) without a string literal.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc task name(m2l)
  work(p);
}

// CHECK: diag-hcc-name-literal.c:7:23: error: hccsim: name(...) expects a string literal such as name("m2l"), found 'm2l'
