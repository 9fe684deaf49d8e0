// Diagnostic: a planned directive the rewriter does not lower yet.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc sample(local, 10)
  work(p);
}

// CHECK: diag-hcc-unsupported-directive.c:7:13: error: hccsim: '#pragma hcc sample' is not supported yet by the rewriter; remove it (supported: 'params' or 'task')
