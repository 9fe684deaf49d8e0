// A file without tasks keeps its OpenMP (a parallel for outside task regions
// is left alone) and only gains the hccsim prelude; a syntax error fails.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s
// RUN: not %hcc-rewrite %s -- -DBROKEN 2>&1 | FileCheck %s --check-prefix=BROKEN

void scale(double *a, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) a[i] *= 2;
#ifdef BROKEN
  n = ;
#endif
}

// CHECK:      #include "hcc/hcc.h"
// CHECK:      #pragma omp parallel for
// CHECK-NEXT:   for (int i = 0; i < n; ++i) a[i] *= 2;
// BROKEN:     no-tasks.c:10:7: error: expected expression
