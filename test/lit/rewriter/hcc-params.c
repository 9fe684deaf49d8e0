// #pragma hcc params(...) after an omp task line: the task's info names the
// parameters; their values are evaluated where the task is created, under
// HCC_CAPTURE_PARAMS only (instrument and simulate builds define it),
// printed from the AST (macros expanded; 2.0 prints as 2.).
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s
// RUN: %hcc-rewrite %s -- > %t.c
// RUN: %clang -fsyntax-only -fopenmp -Wall -Werror -Wno-unknown-pragmas -I%hcc-rt-include %t.c
// RUN: %clang -fsyntax-only -fopenmp -Wall -Werror -Wno-unknown-pragmas -DHCC_CAPTURE_PARAMS -I%hcc-rt-include %t.c
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
// The nested task's parameter uses `len`: the outer task captures it by value.

// CHECK:      void f(double *a, int len, struct grid *g, int l) {
// CHECK-NEXT: {
// CHECK-NEXT: static const char *const __hcc_pn0[] = {"level", "ncells", "nint"};
// CHECK:      static const hcc_omp_task_info __hcc_ti0 = {"work", "hcc-params.c", 14, 0, 3, __hcc_pn0, 1, __hcc_tc0, 0};
// CHECK-NEXT: #ifdef HCC_CAPTURE_PARAMS
// CHECK-NEXT: #line 15
// CHECK-NEXT: const double __hcc_pv0[] = {(double)(l), (double)(g->n), (double)(count_interactions(g) * 2.)};
// CHECK-NEXT: const hcc_omp_task_values __hcc_tv0 = {__hcc_pv0, 0, 0, 0, 0, 0, 0};
// CHECK-NEXT: #else
// CHECK-NEXT: const hcc_omp_task_values __hcc_tv0 = {0, 0, 0, 0, 0, 0, 0};
// CHECK-NEXT: if (0) {
// CHECK-NEXT:   (void)(l);
// CHECK-NEXT:   (void)(g->n);
// CHECK-NEXT:   (void)(count_interactions(g) * 2.);
// CHECK-NEXT: }
// CHECK-NEXT: #endif
// CHECK-NEXT: hcc_omp_next_task(&__hcc_ti0, &__hcc_tv0);
// CHECK-NEXT: #line 14
// CHECK-NEXT: #pragma omp task depend(inout: a[0:len])
// The outer task creates one: its body is control code.
// CHECK:      static const hcc_omp_task_info __hcc_ti1 = {"hcc-params.c:17", "hcc-params.c", 17, HCC_CODELET_CONTROL, 0, 0, 1, __hcc_tc1, 0};
// CHECK:      static const char *const __hcc_pn2[] = {"x"};
// CHECK:      const double __hcc_pv2[] = {(double)(len + 1)};
