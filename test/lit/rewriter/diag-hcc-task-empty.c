// Diagnostic: hcc task without clauses.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc task
  work(p);
}

// CHECK: diag-hcc-task-empty.c:7:17: error: hccsim: '#pragma hcc task' needs a clause: name("..."), priority(expr), impl(cuda: function), alloc(bytes), free(bytes) or run
