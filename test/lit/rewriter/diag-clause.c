// Task clauses that are not lowered are errors, not silently dropped.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s

void work(int *);

void f(int *x) {
  int s = 0;
#pragma omp task in_reduction(+: s)
  work(x);
#pragma omp taskwait depend(in: x[0])
}

// CHECK-DAG: diag-clause.c:8:18: error: hccsim: clause 'in_reduction' on 'omp task' is not supported; remove it or lower the task by hand with the hcc C ABI
// CHECK-DAG: diag-clause.c:10:22: error: hccsim: clause 'depend' on 'omp taskwait' is not supported; use a plain 'omp taskwait'
