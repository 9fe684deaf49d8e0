// #pragma hcc task impl(cuda: fn): the codelet gets a CUDA wrapper that calls
// fn with the task call's arguments, each argument that names a depend item's
// first byte replaced by that item's buffer (on the GPU that runs the task).
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s
// RUN: %hcc-rewrite %s -- > %t.c
// RUN: %clang -fsyntax-only -Wall -Werror -I%hcc-rt-include %t.c
void gemm(const double *a, const double *b, double *c, int nb);
void gemm_cuda(const double *a, const double *b, double *c, int nb);
void scal(double *x, double alpha, int n);
void scal_cuda(double *x, double alpha, int n);

void f(double *A[4][4], double *v, double s, int nb, int nt) {
  for (int k = 0; k < nt; ++k)
#pragma omp task depend(in: A[0][k][0:nb*nb], A[1][k][0:nb*nb]) depend(inout: A[1][1][0:nb*nb])
#pragma hcc task impl(cuda: gemm_cuda)
    gemm(A[0][k], A[1][k], A[1][1], nb);
#pragma omp task depend(inout: v[0:nb])
#pragma hcc task impl(cuda: scal_cuda) name("scal")
  scal(v, s * 2, nb);
}

// CHECK:      static void __hcc_task_1_cuda(void *const *__hcc_buffers, void *__hcc_arg) {
// CHECK-NEXT:   struct __hcc_task_1_args *__hcc_a = (struct __hcc_task_1_args *)__hcc_arg;
// CHECK:        gemm_cuda((const double *)__hcc_buffers[0], (const double *)__hcc_buffers[1], (double *)__hcc_buffers[2], nb);
// CHECK-NEXT: }
// CHECK-NEXT: static const hcc_codelet __hcc_codelet_1 = {"gemm", __hcc_task_1, __hcc_task_1_cuda, 3, __hcc_param_names_1, 0};
// CHECK:        scal_cuda((double *)__hcc_buffers[0], s * 2, nb);
// CHECK:      static const hcc_codelet __hcc_codelet_2 = {"scal", __hcc_task_2, __hcc_task_2_cuda, 1, __hcc_param_names_2, 0};
