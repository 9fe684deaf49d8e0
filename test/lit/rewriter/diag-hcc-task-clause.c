// Diagnostic: an unknown clause on hcc task.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc task color(1)
  work(p);
}

// CHECK: diag-hcc-task-clause.c:7:18: error: hccsim: unknown clause 'color' on '#pragma hcc task'; expected name("..."), priority(expr), impl(cuda: function), alloc(bytes), free(bytes) or run
