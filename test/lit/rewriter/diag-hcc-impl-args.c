// impl(cuda: fn) is called with the task call's arguments: fn must take as
// many.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *, int);
void work_cuda1(int *);

void f(int *p, int len) {
#pragma omp task depend(inout: p[0:len])
#pragma hcc task impl(cuda: work_cuda1)
  work(p, len);
}

// CHECK: diag-hcc-impl-args.c:8:1: error: hccsim: impl(cuda: work_cuda1) takes 1 arguments but the task's call passes 2; the CUDA implementation is called with the same arguments
