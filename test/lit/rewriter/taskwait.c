// taskwait becomes hcc_taskwait(); taskyield is dropped.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s

void w(void) {
#pragma omp taskwait
#pragma omp taskyield
}

// CHECK:      void w(void) {
// CHECK-NEXT: hcc_taskwait();
// CHECK-NEXT: ;
// CHECK-NEXT: }
