// #pragma hcc task impl(cuda: fn): the task's info gets a CUDA wrapper
// (before the enclosing function) that calls fn with the task call's
// arguments, each argument that names a depend item's first byte replaced by
// that item's buffer (on the GPU that runs the task); the other arguments
// are evaluated where the task is created, into the block the wrapper reads.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s
// RUN: %hcc-rewrite %s -- > %t.c
// RUN: %clang -fsyntax-only -fopenmp -Wall -Werror -Wno-unknown-pragmas -I%hcc-rt-include %t.c
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

// CHECK:      struct __hcc_ca0 {
// CHECK-NEXT:   int a3;
// CHECK-NEXT: };
// CHECK-NEXT: static void __hcc_cuda0(void *const *__hcc_buffers, void *__hcc_arg) {
// CHECK-NEXT:   struct __hcc_ca0 *__hcc_a = (struct __hcc_ca0 *)__hcc_arg;
// CHECK-NEXT:   (void)__hcc_buffers;
// CHECK-NEXT:   gemm_cuda((const double *)__hcc_buffers[0], (const double *)__hcc_buffers[1], (double *)__hcc_buffers[2], __hcc_a->a3);
// CHECK-NEXT: }
// CHECK-NEXT: #line 14
// CHECK:      struct __hcc_ca1 {
// CHECK-NEXT:   double a1;
// CHECK-NEXT:   int a2;
// CHECK:        scal_cuda((double *)__hcc_buffers[0], __hcc_a->a1, __hcc_a->a2);
// CHECK:      #line 14
// CHECK-NEXT: void f(double *A[4][4], double *v, double s, int nb, int nt) {
// CHECK:      static const hcc_omp_task_info __hcc_ti0 = {"gemm", "hcc-impl-cuda.c", 16, 0, 0, 0, 1, __hcc_tc0, __hcc_cuda0};
// CHECK-NEXT: #line 17
// CHECK-NEXT: struct __hcc_ca0 __hcc_cv0 = {(int)(nb)};
// CHECK-NEXT: const hcc_omp_task_values __hcc_tv0 = {0, 0, 0, 0, 0, &__hcc_cv0, sizeof __hcc_cv0};
// CHECK:      static const hcc_omp_task_info __hcc_ti1 = {"scal", "hcc-impl-cuda.c", 19, 0, 0, 0, 1, __hcc_tc1, __hcc_cuda1};
// CHECK:      struct __hcc_ca1 __hcc_cv1 = {(double)(s * 2), (int)(nb)};
