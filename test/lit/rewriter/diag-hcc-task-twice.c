// Diagnostic: a clause given twice.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc task name("a") name("b")
  work(p);
}

// CHECK: diag-hcc-task-twice.c:7:28: error: hccsim: clause 'name' given twice on '#pragma hcc task'
