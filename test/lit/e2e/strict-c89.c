/* A program built with strict warnings of its own (-ansi -pedantic -Werror):
 * what the rewriter adds (a loop nest's site, a parallel loop's work) and
 * the runtime's header it includes compile as the program does (hcc.h is a
 * system header: its C99 failed such builds).
 * RUN: %hccsim -finstrument -ansi -pedantic -Werror -Wall %s -o %t.inst
 * RUN: %hccsim -fsimulate -ansi -pedantic -Werror -Wall %s -o %t.sim
 * RUN: rm -rf %t.m && env OMP_NUM_THREADS=2 HCC_MODEL_DIR=%t.m %t.inst 2>/dev/null | FileCheck %s
 * RUN: env HCC_PLATFORM=laptop HCC_MODEL_DIR=%t.m %t.sim 2>/dev/null | FileCheck %s
 * CHECK: total=85500.0
 */
#include <stdio.h>

static double squares(const double *a, int n) {
  double s = 0;
  int i;
  for (i = 0; i < n; ++i) s += a[i] * a[i];
  return s;
}

int main(void) {
  double a[1000], total = 0;
  int i, k;
#pragma omp parallel for
  for (i = 0; i < 1000; ++i) a[i] = i % 10;
  for (k = 0; k < 3; ++k) total += squares(a, 1000);
  printf("total=%.1f\n", total);
  return 0;
}
