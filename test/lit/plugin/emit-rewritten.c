// -fplugin-arg-hcc-emit-rewritten=FILE keeps what the main action compiled:
// the annotated task, and #define HCC_CAPTURE_PARAMS 1 first when the mode
// records parameters (instrument, simulate), not in native mode. The kept file
// compiles on its own (its `#pragma hcc` lines are the plugin's).
// RUN: rm -f %t.sim.c %t.nat.c %t.ins.c
// RUN: %clang -fplugin=%hccplugin -fplugin-arg-hcc-mode=simulate -fplugin-arg-hcc-emit-rewritten=%t.sim.c -fopenmp -c %s -o %t.o
// RUN: head -n 1 %t.sim.c | FileCheck %s --check-prefix=FIRST
// RUN: FileCheck %s < %t.sim.c
// RUN: not ls %t.sim.c.tmp
// RUN: %clang -fsyntax-only -Wall -Werror -Wno-unknown-pragmas -fopenmp -I%hcc-rt-include %t.sim.c
// RUN: %clang -fplugin=%hccplugin -fplugin-arg-hcc-emit-rewritten=%t.nat.c -fopenmp -c %s -o %t.o
// RUN: FileCheck %s --check-prefixes=CHECK,NATIVE < %t.nat.c
// RUN: %clang -fplugin=%hccplugin -fplugin-arg-hcc-mode=instrument -fplugin-arg-hcc-emit-rewritten=%t.ins.c -fopenmp -c %s -o %t.o
// RUN: FileCheck %s --check-prefixes=FIRST,INSTR < %t.ins.c
// A path that cannot be written is an error.
// RUN: not %clang -fplugin=%hccplugin -fplugin-arg-hcc-emit-rewritten=%t.nodir/x.c -fopenmp -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOWRITE
void work(double *, int);

void f(double *a, int n, int level) {
#pragma omp task depend(inout: a[0:n])
#pragma hcc params(level = level)
  work(a, n);
}

// FIRST: {{^}}#define HCC_CAPTURE_PARAMS 1{{$}}
// INSTR: {{^}}__attribute__((weak)) const int hcc_instrumented_build = 1;
// NATIVE-NOT: {{^}}#define HCC_CAPTURE_PARAMS
// CHECK: {{^}}#include "hcc/hcc.h"
// CHECK: {{^}}static const hcc_omp_task_info __hcc_ti0 = {"work",
// CHECK: {{^}}hcc_omp_next_task(&__hcc_ti0, &__hcc_tv0);
// NOWRITE: error: HccPlugin: cannot write '{{.*}}.nodir/x.c.tmp'
