// Diagnostic: unknown hcc directive.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc paramz(n = 1)
  work(p);
}

// CHECK: diag-hcc-unknown.c:7:13: error: hccsim: unknown hcc directive 'paramz'; expected 'params', 'task', 'sample', 'delay', 'shared', 'keep', 'keep_global', 'model' or 'split'
