// Diagnostics of impl(...) on '#pragma hcc task': the architecture, the
// function, and a task body the CUDA implementation can stand in for.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int *, int);
void work_cuda(int *, int);
int not_a_function;

void f(int *p, int len) {
#pragma omp task depend(inout: p[0:len])
#pragma hcc task impl(opencl: work_cuda)
  work(p, len);
#pragma omp task depend(inout: p[0:len])
#pragma hcc task impl(cuda: missing_cuda)
  work(p, len);
#pragma omp task depend(inout: p[0:len])
#pragma hcc task impl(cuda: not_a_function)
  work(p, len);
#pragma omp task depend(inout: p[0:len])
#pragma hcc task impl(cuda work_cuda)
  work(p, len);
}

// CHECK: diag-hcc-impl.c:10:23: error: hccsim: unknown architecture 'opencl' in impl(...); the supported one is cuda
// CHECK: diag-hcc-impl.c:13:29: error: hccsim: 'missing_cuda' in impl(cuda: ...) is not a declared function; declare the CUDA implementation (it takes the arguments of the task's call) before the task
// CHECK: diag-hcc-impl.c:16:29: error: hccsim: 'not_a_function' in impl(cuda: ...) is not a declared function
// CHECK: diag-hcc-impl.c:19:28: error: hccsim: expected ':' after 'cuda' (write impl(cuda: function))
