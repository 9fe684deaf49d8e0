// -fplugin-arg-hcc-omp-abi: OpenMP is left to clang's code generation; each
// task of the main file gets a call telling the runtime its kernel name
// (hcc task name, else the callee of a one-call body, else file:line),
// whether its body creates or waits for tasks (directly or through a
// function of this file), its hcc params (captured in instrument and
// simulate builds only) and its hcc priority. Tasks written in macros and
// the pragma lines themselves are left as they are; line numbers are kept.
// RUN: %clang -fplugin=%hccplugin -fplugin-arg-hcc-omp-abi -fplugin-arg-hcc-mode=simulate -fplugin-arg-hcc-emit-rewritten=%t.c -fopenmp -c %s -o %t.o
// RUN: %strip-checks < %t.c | FileCheck %s
// RUN: %clang -fsyntax-only -Wall -Werror -Wno-unknown-pragmas -fopenmp -I%hcc-rt-include %t.c
// RUN: %clang -fplugin=%hccplugin -fplugin-arg-hcc-omp-abi -fplugin-arg-hcc-mode=simulate -fopenmp -c %s -o %t.o -Rhcc 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: not %clang -fplugin=%hccplugin -fplugin-arg-hcc-omp-abi -fopenmp -fsyntax-only -DLATE_ERROR %s 2>&1 | FileCheck %s --check-prefix=LINE
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
// CHECK: static const hcc_omp_task_info __hcc_ti0 = {"spawn", "omp-abi-attributes.c", 20, HCC_CODELET_CONTROL, 0, 0};
// CHECK-NEXT: hcc_omp_next_task(&__hcc_ti0, 0, 0, 0);
// CHECK-NEXT: #line 20
// CHECK-NEXT: #pragma omp task shared(r)
// CHECK: static const char *const __hcc_pn1[] = {"level", "n"};
// CHECK-NEXT: static const hcc_omp_task_info __hcc_ti1 = {"m2l", "omp-abi-attributes.c", 27, 0, 2, __hcc_pn1};
// CHECK-NEXT: #ifdef HCC_CAPTURE_PARAMS
// CHECK-NEXT: #line 28
// CHECK-NEXT: const double __hcc_pv1[] = {(double)(level), (double)(n)};
// CHECK-NEXT: hcc_omp_next_task(&__hcc_ti1, __hcc_pv1, (int)(level + 1), 1);
// CHECK-NEXT: #else
// CHECK-NEXT: hcc_omp_next_task(&__hcc_ti1, 0, (int)(level + 1), 1);
// CHECK: static const hcc_omp_task_info __hcc_ti2 = {"omp-abi-attributes.c:31", "omp-abi-attributes.c", 31, 0, 0, 0};
// CHECK: static const hcc_omp_task_info __hcc_ti3 = {"spawn", "omp-abi-attributes.c", 33, HCC_CODELET_CONTROL, 0, 0};
// CHECK: SPAWN_TASK
// Completing a detached task's event is control code too.
// CHECK: static const hcc_omp_task_info __hcc_ti4 = {"omp_fulfill_event", "omp-abi-attributes.c", 39, HCC_CODELET_CONTROL, 0, 0};
// CHECK-NOT: __hcc_ti5

// REMARK: omp-abi-attributes.c:20:1: remark: hccsim: task 'spawn' (creates or waits for tasks)
// REMARK: omp-abi-attributes.c:27:1: remark: hccsim: task 'm2l', 2 parameters
// REMARK: omp-abi-attributes.c:31:1: remark: hccsim: task 'omp-abi-attributes.c:31'
// REMARK: omp-abi-attributes.c:33:1: remark: hccsim: task 'spawn' (creates or waits for tasks)

// LINE: omp-abi-attributes.c:43:12: error: use of undeclared identifier 'undeclared_identifier'
