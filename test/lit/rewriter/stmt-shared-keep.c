// #pragma hcc shared / keep: the allocation mode set around the statement,
// reset after it; shared on arrays with static storage: folded at start-up
// (namespace scope) or when the declaration is first passed (static local).
// RUN: %hcc-rewrite %s -- | FileCheck %s
#include <stdlib.h>

#pragma hcc shared
static double grid[1 << 20];

double *f(size_t n, double **kept, double **all) {
#pragma hcc shared
  double *a = malloc(n * sizeof *a);
// CHECK: hcc_program_allocations(HCC_ALLOCATIONS_FOLDED); double *a = malloc(n * sizeof *a); hcc_program_allocations(HCC_ALLOCATIONS_BY_SIZE);
#pragma hcc shared(all)
  *all = calloc(n, sizeof **all);
// CHECK: hcc_program_fold_all("stmt-shared-keep.c:14"); *all = calloc(n, sizeof **all); hcc_program_allocations(HCC_ALLOCATIONS_BY_SIZE);
#pragma hcc keep
  *kept = aligned_alloc(64, n * sizeof **kept);
// CHECK: hcc_program_allocations(HCC_ALLOCATIONS_KEPT); *kept = aligned_alloc(64, n * sizeof **kept); hcc_program_allocations(HCC_ALLOCATIONS_BY_SIZE);
#pragma hcc shared
  static float table[4096];
// CHECK: static float table[4096]; static int hcc_folded_{{[0-9]+}}; if (!hcc_folded_{{[0-9]+}}) { hcc_folded_{{[0-9]+}} = 1; hcc_program_fold_static((void *)&table, sizeof table); }
  table[0] = 1;
  return a;
}
// The array at namespace scope, at the end of the file:
// CHECK: __attribute__((constructor)) static void hcc_fold_static_{{[0-9]+}}(void) { hcc_program_fold_static((void *)&grid, sizeof grid); }
