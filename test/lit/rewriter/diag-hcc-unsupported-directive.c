// Diagnostic: a planned directive the rewriter does not lower yet.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc keep_global(len)
  work(p);
}

// CHECK: diag-hcc-unsupported-directive.c:7:13: error: hccsim: '#pragma hcc keep_global' is not supported yet by the rewriter; remove it (supported: 'params', 'task', 'sample', 'delay', 'shared' or 'keep')
