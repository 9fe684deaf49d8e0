// Diagnostic: an empty task name.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc task name("")
  work(p);
}

// CHECK: diag-hcc-name-empty.c:7:23: error: hccsim: name(...) must not be empty
