// OpenMP is left to clang's code generation; each
// task of the main file gets a call telling the runtime its kernel name
// (hcc task name, else the callee of a one-call body, else file:line),
// whether its body creates or waits for tasks (directly or through a
// function of this file; through functions of other files, by their marks),
// its hcc params (captured in instrument and simulate builds only) and its
// hcc priority; each function of external linkage that matters gets its
// mark. Tasks written in macros and
// the pragma lines themselves are left as they are; line numbers are kept.
// RUN: %clang -fplugin=%hccplugin -fplugin-arg-hcc-mode=simulate -fplugin-arg-hcc-emit-rewritten=%t.c -fopenmp -c %s -o %t.o
// RUN: %strip-checks < %t.c | FileCheck %s
// RUN: %clang -fsyntax-only -Wall -Werror -Wno-unknown-pragmas -fopenmp -I%hcc-rt-include %t.c
// RUN: %clang -fplugin=%hccplugin -fplugin-arg-hcc-mode=simulate -fopenmp -c %s -o %t.o -Rhcc 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: not %clang -fplugin=%hccplugin -fopenmp -fsyntax-only -DLATE_ERROR %s 2>&1 | FileCheck %s --check-prefix=LINE
void work(double *, int);
int spawn(int n);
#define SPAWN_TASK _Pragma("omp task") work(0, 0);

int spawn(int n) {
  int r = 0;
  if (n > 0)
#pragma omp task shared(r)
    r = spawn(n - 1);
#pragma omp taskwait
  return r;
}

void f(double *a, int n, int level) {
#pragma omp task depend(inout: a[0:n]) priority(2)
#pragma hcc params(level = level, n = n)
#pragma hcc task name("m2l") priority(level + 1)
  work(a, n);
#pragma omp task
  { a[0] = 1; a[1] = 2; }
#pragma omp task
  spawn(n);
  SPAWN_TASK
}
void omp_fulfill_event(unsigned long event);
void g(unsigned long event) {
#pragma omp task
  omp_fulfill_event(event);
}
#ifdef LATE_ERROR
int late = undeclared_identifier;
#endif

// CHECK: {{^}}#include "hcc/hcc.h"
// CHECK-NEXT: extern const hcc_omp_function_mark __hcc_fm_work __attribute__((weak));
// CHECK: static const hcc_omp_task_info __hcc_ti0 = {"spawn", "annotate.c", 22, HCC_CODELET_CONTROL, 0, 0, 0, 0, 0};
// CHECK-NEXT: const hcc_omp_task_values __hcc_tv0 = {0, 0, 0, 0, 0, 0, 0};
// CHECK-NEXT: hcc_omp_next_task(&__hcc_ti0, &__hcc_tv0);
// CHECK-NEXT: #line 22
// CHECK-NEXT: #pragma omp task shared(r)
// CHECK: static const char *const __hcc_pn1[] = {"level", "n"};
// CHECK-NEXT: static const hcc_omp_function_mark *const __hcc_tc1[] = {&__hcc_fm_work};
// CHECK-NEXT: static const hcc_omp_task_info __hcc_ti1 = {"m2l", "annotate.c", 29, 0, 2, __hcc_pn1, 1, __hcc_tc1, 0};
// CHECK-NEXT: #line 31
// CHECK-NEXT: #ifdef HCC_CAPTURE_PARAMS
// CHECK-NEXT: #line 30
// CHECK-NEXT: const double __hcc_pv1[] = {(double)(level), (double)(n)};
// CHECK-NEXT: const hcc_omp_task_values __hcc_tv1 = {__hcc_pv1, (int)(level + 1), 1, 0, 0, 0, 0};
// CHECK-NEXT: #else
// CHECK-NEXT: const hcc_omp_task_values __hcc_tv1 = {0, (int)(level + 1), 1, 0, 0, 0, 0};
// CHECK: static const hcc_omp_task_info __hcc_ti2 = {"annotate.c:33", "annotate.c", 33, 0, 0, 0, 0, 0, 0};
// CHECK: static const hcc_omp_task_info __hcc_ti3 = {"spawn", "annotate.c", 35, HCC_CODELET_CONTROL, 0, 0, 0, 0, 0};
// CHECK: SPAWN_TASK
// Completing a detached task's event is control code too.
// CHECK: static const hcc_omp_task_info __hcc_ti4 = {"omp_fulfill_event", "annotate.c", 41, HCC_CODELET_CONTROL, 0, 0, 0, 0, 0};
// CHECK-NOT: __hcc_ti5
// The marks of this file's functions, for tasks of other files that call them.
// CHECK: extern const hcc_omp_function_mark __hcc_fm_spawn;
// CHECK-NEXT: const hcc_omp_function_mark __hcc_fm_spawn = {HCC_CODELET_CONTROL, 0, 0};
// CHECK-NEXT: static const hcc_omp_function_mark *const __hcc_fmc1[] = {&__hcc_fm_work};
// CHECK-NEXT: extern const hcc_omp_function_mark __hcc_fm_f;
// CHECK-NEXT: const hcc_omp_function_mark __hcc_fm_f = {HCC_CODELET_CONTROL, 1, __hcc_fmc1};

// REMARK: annotate.c:22:1: remark: hccsim: task 'spawn' (creates or waits for tasks or for another thread, or calls MPI)
// REMARK: annotate.c:29:1: remark: hccsim: task 'm2l', 2 parameters, calls 1 function(s) of other files
// REMARK: annotate.c:33:1: remark: hccsim: task 'annotate.c:33'
// REMARK: annotate.c:35:1: remark: hccsim: task 'spawn' (creates or waits for tasks or for another thread, or calls MPI)

// LINE: annotate.c:45:12: error: use of undeclared identifier 'undeclared_identifier'
