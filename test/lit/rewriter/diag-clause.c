// Task clauses that are not lowered are errors, not silently dropped.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s

void work(int *);

void f(int *x) {
  int s = 0;
#pragma omp task in_reduction(+: s)
  work(x);
#pragma omp taskwait depend(in: x[0]) nowait
#pragma omp taskgroup task_reduction(+: s)
  {
#pragma omp task in_reduction(+: s)
    s += 1;
  }
}

// CHECK-DAG: diag-clause.c:8:18: error: hccsim: clause 'in_reduction' on 'omp task' is not supported; remove it or lower the task by hand with the hcc C ABI
// CHECK-DAG: diag-clause.c:10:39: error: hccsim: clause 'nowait' on 'omp taskwait' is not supported; use 'omp taskwait' or 'omp taskwait depend(...)'
// CHECK-DAG: diag-clause.c:11:23: error: hccsim: clause 'task_reduction' on 'omp taskgroup' is not supported; remove it (task reductions are not lowered)
