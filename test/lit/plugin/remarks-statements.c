// Remarks (-Rhcc) list each folded allocation site and array, each kept
// allocation, each sampled burst and each delay, at its directive.
// RUN: %clang -fplugin=%hccplugin -fplugin-arg-hcc-mode=simulate -Rhcc -Wno-unknown-warning-option -fopenmp -I%hcc-rt-include -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
#include <stdlib.h>
double work(int);

#pragma hcc shared
static double grid[1 << 16];

int main(int argc, char **argv) {
  int n = argc * 100;
#pragma hcc shared
  double *a = malloc((size_t)n * sizeof *a);
#pragma hcc keep
  double *b = malloc((size_t)n * sizeof *b);
  double sum = 0;
#pragma hcc sample(auto, tol = 0.02)
  for (int i = 0; i < n; ++i) sum += work(i);
#pragma hcc delay(flops = 1e9)
  sum += work(-1);
  a[0] = b[0] = sum + grid[0];
  free(a);
  free(b);
  return 0;
}

// CHECK: remarks-statements.c:7:9: remark: hccsim: array 'grid' folded in simulation (#pragma hcc shared)
// CHECK: remarks-statements.c:12:9: remark: hccsim: allocations folded in simulation (#pragma hcc shared)
// CHECK: remarks-statements.c:14:9: remark: hccsim: allocations never folded (#pragma hcc keep)
// CHECK: remarks-statements.c:17:9: remark: hccsim: CPU burst 'remarks-statements.c:17' sampled per iteration
// CHECK: remarks-statements.c:19:9: remark: hccsim: statement replaced by a delay of 1.0E+9 flops in simulation
