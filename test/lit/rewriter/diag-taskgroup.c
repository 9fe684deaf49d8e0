// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s

void work(int);

void f(void) {
#pragma omp taskgroup
  {
#pragma omp task
    work(1);
  }
}

// CHECK: diag-taskgroup.c:6:1: error: hccsim: 'omp taskgroup' inside a task region is not supported; use 'omp taskwait'
