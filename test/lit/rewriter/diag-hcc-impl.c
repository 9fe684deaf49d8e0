// Diagnostic: impl(...) is not lowered yet.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *);

void f(int *p, int len) {
#pragma omp task
#pragma hcc task impl(cuda: work_cuda)
  work(p);
}

// CHECK: diag-hcc-impl.c:7:18: error: hccsim: 'impl(...)' on '#pragma hcc task' is not supported yet; remove it (tasks run their CPU body)
