// #pragma hcc params(...) after an omp task line: the codelet gets the names,
// the submission block evaluates the values under HCC_CAPTURE_PARAMS only.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s
// RUN: %hcc-rewrite %s -- > %t.c
// RUN: %clang -fsyntax-only -Wall -Werror -I%hcc-rt-include %t.c
// RUN: %clang -fsyntax-only -Wall -Werror -DHCC_CAPTURE_PARAMS -I%hcc-rt-include %t.c
struct grid { int n; };
int count_interactions(struct grid *g);
void work(double *, int);

void f(double *a, int len, struct grid *g, int l) {
#pragma omp task depend(inout: a[0:len])
#pragma hcc params(level = l, ncells = g->n, nint = count_interactions(g) * 2.0)
  work(a, len);
#pragma omp task
  {
#pragma omp task
#pragma hcc params(x = len + 1)
    work(a, l);
  }
}

// The size of each depend item follows the named parameters.
// CHECK:      static const char *const __hcc_param_names_1[4] = {"level", "ncells", "nint", "dep0_bytes"};
// CHECK-NEXT: static const hcc_codelet __hcc_codelet_1 = {"work", __hcc_task_1, NULL, 4, __hcc_param_names_1, 0};
// CHECK:      static const char *const __hcc_param_names_3[1] = {"x"};
// The nested task's parameter uses `len`: the outer task captures it by value.
// CHECK:      struct __hcc_task_2_args {
// CHECK-NEXT:   int len;
// CHECK:      hcc_task_desc __hcc_desc = {&__hcc_codelet_3, &__hcc_args, sizeof __hcc_args, NULL, 0, NULL, 0, 0, NULL, 0, 0};
// CHECK-NEXT: #ifdef HCC_CAPTURE_PARAMS
// CHECK-NEXT:     double __hcc_params[1];
// CHECK-NEXT:     __hcc_params[0] = (double)(len + 1); /* x */
// CHECK:      static const hcc_codelet __hcc_codelet_2 = {"{{.*}}hcc-params.c:15", __hcc_task_2, NULL, 0, NULL, HCC_CODELET_CONTROL};
// CHECK:      void f(double *a, int len, struct grid *g, int l) {
// CHECK:      hcc_task_desc __hcc_desc = {&__hcc_codelet_1, &__hcc_args, sizeof __hcc_args, __hcc_acc, 1, NULL, 0, 0, NULL, 0, 0};
// CHECK-NEXT: #ifdef HCC_CAPTURE_PARAMS
// CHECK-NEXT:     double __hcc_params[4];
// CHECK-NEXT:     __hcc_params[0] = (double)(l); /* level */
// CHECK-NEXT:     __hcc_params[1] = (double)(g->n); /* ncells */
// CHECK-NEXT:     __hcc_params[2] = (double)(count_interactions(g) * 2.0); /* nint */
// CHECK-NEXT:     __hcc_params[3] = (double)hcc_data_size(__hcc_acc[0].handle); /* dep0_bytes */
// CHECK-NEXT:     __hcc_desc.params = __hcc_params;
// CHECK-NEXT:     __hcc_desc.nparams = 4;
// CHECK-NEXT: #else
// CHECK-NEXT:     if (0) {
// CHECK-NEXT:       (void)(l);
// CHECK-NEXT:       (void)(g->n);
// CHECK-NEXT:       (void)(count_interactions(g) * 2.0);
// CHECK-NEXT:     }
// CHECK-NEXT: #endif
// CHECK-NEXT:     hcc_submit(&__hcc_desc);
// CHECK-NOT:  {{^}}#pragma hcc
