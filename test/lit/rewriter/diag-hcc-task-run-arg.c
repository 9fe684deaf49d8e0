// Diagnostic: `run` on hcc task takes no argument.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p) {
#pragma omp task
#pragma hcc task run(1)
  work(p);
}

// CHECK: diag-hcc-task-run-arg.c:7:21: error: hccsim: 'run' takes no argument: '#pragma hcc task run'
