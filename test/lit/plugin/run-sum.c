// One clang invocation rewrites and compiles: the object, linked with the
// native runtime, runs the tasks (dependence chains) and prints what the
// program compiled by clang -fopenmp prints. The quoted include is found next
// to this file (the compiler's working directory is elsewhere).
// RUN: %clang -fplugin=%hccplugin -fopenmp -Wall -Werror -c %s -o %t.o
// RUN: %clang %t.o %hcc-rt-native -lstdc++ -lpthread -lm -o %t.hcc
// RUN: %clang -fopenmp %s -o %t.omp
// RUN: env HCC_WORKERS=4 %t.hcc > %t.hcc.out
// RUN: %t.omp > %t.omp.out
// RUN: diff %t.omp.out %t.hcc.out
// RUN: FileCheck %s < %t.hcc.out
// The native build does not record parameters; -DCHECK_MODE checks the macros.
// RUN: %clang -fplugin=%hccplugin -fplugin-arg-hcc-mode=simulate -fopenmp -DCHECK_MODE=2 -fsyntax-only %s
// RUN: %clang -fplugin=%hccplugin -fplugin-arg-hcc-mode=native -fopenmp -DCHECK_MODE=1 -fsyntax-only %s
#include <stdio.h>

#include "Inputs/plugin-steps.h"

#define N 16

#if defined(CHECK_MODE) && CHECK_MODE == 1 && (!defined(__HCCSIM__) || defined(__HCCSIM_SIMULATE__) || defined(HCC_CAPTURE_PARAMS))
#error native: __HCCSIM__ only
#endif
#if defined(CHECK_MODE) && CHECK_MODE == 2 && (!defined(__HCCSIM__) || !defined(__HCCSIM_SIMULATE__) || !defined(HCC_CAPTURE_PARAMS))
#error simulate: __HCCSIM__, __HCCSIM_SIMULATE__ and HCC_CAPTURE_PARAMS
#endif

static void add(double *dst, const double *src, int n) {
  for (int i = 0; i < n; ++i) dst[i] += src[i];
}

int main(void) {
  double a[N], b[N], total[1] = {0};
  for (int i = 0; i < N; ++i) a[i] = i, b[i] = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int s = 0; s < STEPS; ++s) {
      for (int i = 0; i < N; i += 4) {
#pragma omp task depend(in: a[i:4]) depend(inout: b[i:4]) firstprivate(i)
#pragma hcc params(block = i)
        add(&b[i], &a[i], 4);
#pragma omp task depend(inout: a[i:4]) firstprivate(i, s)
        for (int k = i; k < i + 4; ++k) a[k] = a[k] * 2 + s;
      }
    }
    for (int i = 0; i < N; i += 4) {
#pragma omp task depend(in: b[i:4]) depend(mutexinoutset: total[0]) firstprivate(i)
      for (int k = i; k < i + 4; ++k) total[0] += b[k];
    }
#pragma omp taskwait
  }
  printf("b[0]=%g b[%d]=%g total=%g\n", b[0], N - 1, b[N - 1], total[0]);
  return 0;
}

// CHECK: b[0]=16 b[15]=481 total=3976
