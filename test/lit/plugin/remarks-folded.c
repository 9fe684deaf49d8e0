// Remarks (-Rhcc) of a simulated build list every allocation a simulation
// may fold by its size (kept by default, folded when a run sets
// HCC_FOLD_THRESHOLD): a constant size of at least 1 MiB says its bytes, a
// size known at run time says it is folded from the threshold; constant sizes below it, sites under a directive (which has
// its own remark) and allocations in task bodies (not run in a simulation)
// are not listed. Other modes fold nothing and list no such site.
// RUN: %clang -fplugin=%hccplugin -fplugin-arg-hcc-mode=simulate -Rhcc -Wno-unknown-warning-option -fopenmp -I%hcc-rt-include -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
// RUN: %clang -fplugin=%hccplugin -fplugin-arg-hcc-mode=native -Rhcc -Wno-unknown-warning-option -fopenmp -I%hcc-rt-include -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NATIVE --implicit-check-not=remark:
#include <stdlib.h>
#define MIB ((size_t)1 << 20)

double *make(size_t n, void **out) {
  double *small = malloc(64 * sizeof *small);
  double *big = malloc(2 * MIB);
  double *any = calloc(n, sizeof *any);
  double *table = calloc(1024, 1024);
  double *wide = aligned_alloc(64, 4 * MIB);
  posix_memalign(out, 64, n);
  any = realloc(any, 2 * n * sizeof *any);
#pragma hcc keep
  double *kept = malloc(n);
#pragma omp task
  {
    double *scratch = malloc(n);
    free(scratch);
  }
  free(small);
  free(big);
  free(table);
  free(wide);
  free(kept);
  return any;
}

// CHECK: remarks-folded.c:20:9: remark: hccsim: allocations never folded (#pragma hcc keep)
// CHECK: remarks-folded.c:14:17: remark: hccsim: malloc of 2097152 bytes kept in simulation; folded when a run sets HCC_FOLD_THRESHOLD to at most its size (its contents are then not kept: '#pragma hcc keep' keeps them)
// CHECK: remarks-folded.c:15:17: remark: hccsim: calloc kept in simulation; folded when a run sets HCC_FOLD_THRESHOLD and it asks for that many bytes or more (its contents are then not kept: '#pragma hcc keep' keeps them)
// CHECK: remarks-folded.c:16:19: remark: hccsim: calloc of 1048576 bytes kept in simulation; folded when
// CHECK: remarks-folded.c:17:18: remark: hccsim: aligned_alloc of 4194304 bytes kept in simulation; folded when
// CHECK: remarks-folded.c:18:3: remark: hccsim: posix_memalign kept in simulation; folded when a run sets
// CHECK: remarks-folded.c:19:9: remark: hccsim: realloc kept in simulation; folded when a run sets
// CHECK: remarks-folded.c:22:1: remark: hccsim: task 'remarks-folded.c:22'
// NATIVE: remarks-folded.c:20:9: remark: hccsim: allocations never folded (#pragma hcc keep)
// NATIVE: remarks-folded.c:22:1: remark: hccsim: task 'remarks-folded.c:22'
