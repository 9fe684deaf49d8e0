// A task's shared variables travel as pointers and are spelled (*__hcc_a->x)
// in the outlined body; firstprivate ones are copied into the argument block
// and read from a local copy of the same name.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s

void f(double *out) {
  double acc = 0;
  int n = 3;
  const int k = 2;
#pragma omp task shared(acc) firstprivate(n)
  acc += n * k + out[0];
}

// CHECK:      #include "hcc/hcc.h"
// CHECK:      struct __hcc_task_1_args {
// CHECK-NEXT:   double *acc;
// CHECK-NEXT:   int n;
// CHECK-NEXT:   int k;
// CHECK-NEXT:   double *out;
// CHECK-NEXT: };
// CHECK-NEXT: static void __hcc_task_1(void *const *__hcc_buffers, void *__hcc_arg) {
// CHECK-NEXT:   struct __hcc_task_1_args *__hcc_a = (struct __hcc_task_1_args *)__hcc_arg;
// CHECK-NEXT:   int n = __hcc_a->n;
// CHECK-NEXT:   const int k = __hcc_a->k;
// CHECK-NEXT:   double *out = __hcc_a->out;
// CHECK:        (*__hcc_a->acc) += n * k + out[0];
// CHECK-NEXT: }
// CHECK-NEXT: static const hcc_codelet __hcc_codelet_1 = {"task-shared-firstprivate.c:10", __hcc_task_1, NULL, 0, NULL, 0};
// CHECK:      void f(double *out) {
// CHECK:      { /* omp task -> __hcc_task_1 */
// CHECK-NEXT:     struct __hcc_task_1_args __hcc_args;
// CHECK-NEXT:     __hcc_args.acc = &acc;
// CHECK-NEXT:     __hcc_args.n = n;
// CHECK-NEXT:     __hcc_args.k = k;
// CHECK-NEXT:     __hcc_args.out = out;
// CHECK-NEXT:     hcc_task_desc __hcc_desc = {&__hcc_codelet_1, &__hcc_args, sizeof __hcc_args, NULL, 0, NULL, 0, 0, NULL, 0, 0};
// CHECK-NEXT:     hcc_submit(&__hcc_desc);
// CHECK-NEXT:   }
