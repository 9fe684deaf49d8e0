// final, untied and mergeable change how a task may be scheduled, not what
// it computes: they are accepted and the task is submitted as any other.
// omp masked drives the region like omp single.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s
void work(int *, int);

void f(int *x, int n) {
#pragma omp parallel
#pragma omp masked
  {
#pragma omp task depend(inout: x[0:n]) final(n < 4) untied mergeable
    work(x, n);
  }
}

// CHECK:      void f(int *x, int n) {
// CHECK-NEXT: { /* omp parallel: the hccsim workers are the team */
// CHECK-NEXT: /* omp masked */
// CHECK:      hcc_submit(&__hcc_desc);
// CHECK:      } hcc_wait_all(); }
