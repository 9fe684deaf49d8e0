// Diagnostics: shared and keep where there is nothing to fold.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
#include <stdlib.h>
void work(double *);

void f(int n) {
#pragma hcc shared
  work(0);
// CHECK: diag-stmt-alloc.c:[[@LINE-2]]:9: error: hccsim: '#pragma hcc shared' must precede a statement that allocates (malloc, calloc, realloc, aligned_alloc, posix_memalign, new) or an array declaration
#pragma hcc shared
  double local[1 << 16];
// CHECK: diag-stmt-alloc.c:[[@LINE-2]]:9: error: hccsim: '#pragma hcc shared' before array 'local' of automatic storage: the stack cannot be folded; make it static or allocate it with malloc
  work(local);
#pragma hcc keep
  static double table[100];
// CHECK: diag-stmt-alloc.c:[[@LINE-2]]:9: error: hccsim: '#pragma hcc keep' before an array: arrays are never folded unless marked '#pragma hcc shared'; remove it
  work(table);
#pragma hcc shared
  {
    double *p = malloc(8);
    if (!p) return;
    free(p);
  }
// CHECK: diag-stmt-alloc.c:[[@LINE-3]]:13: error: hccsim: 'return' leaves the statement of '#pragma hcc shared' (line [[@LINE-6]]); the allocation mode would outlive it
}
