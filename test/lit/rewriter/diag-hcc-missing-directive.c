// Diagnostic: #pragma hcc with no directive.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc
  work(p);
}

// CHECK: diag-hcc-missing-directive.c:7:12: error: hccsim: expected an hcc directive after '#pragma hcc': 'params', 'task', 'sample', 'delay', 'shared', 'keep', 'keep_global', 'model' or 'split'
