// Diagnostic: hcc pragmas that follow no omp task, or a second one for a task.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma hcc params(n = len)
#pragma omp task
  work(p);
#pragma omp task
#pragma hcc params(n = len)
#pragma hcc params(m = len)
  work(p);
  work(p);
#pragma hcc task name("x")
  work(p);
}

// CHECK-DAG: diag-hcc-not-attached.c:6:9: error: hccsim: '#pragma hcc params' is not attached to a task; put it on the line right after '#pragma omp task' (before the task's statement)
// CHECK-DAG: diag-hcc-not-attached.c:11:9: error: hccsim: a second '#pragma hcc params' for the same task; list all parameters in one directive
// CHECK-DAG: diag-hcc-not-attached.c:14:9: error: hccsim: '#pragma hcc task' is not attached to a task; put it on the line right after '#pragma omp task' (before the task's statement)
