// impl(cuda: fn) stands in for the task's one call: a body that is not one
// call is an error (diag-hcc-impl-args.c: a call with other arguments).
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *, int);
void work_cuda(int *, int);

void f(int *p, int len) {
#pragma omp task depend(inout: p[0:len])
#pragma hcc task impl(cuda: work_cuda)
  { work(p, len); work(p, len); }
}

// CHECK: diag-hcc-impl-call.c:8:1: error: hccsim: impl(cuda: work_cuda) needs a task body that is one function call: the CUDA implementation is called with that call's arguments
