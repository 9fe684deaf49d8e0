// taskgroup: the block's tasks (and their descendants) join a group that the
// end of the block waits for; taskwait depend(...) waits for the tasks that
// access the items.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s

void work(int *);

void f(int *x, int n) {
#pragma omp taskgroup
  {
#pragma omp task depend(inout: x[0:n])
    work(x);
#pragma omp taskgroup
    {
#pragma omp task
      work(x + 1);
    }
  }
#pragma omp task depend(out: x[n])
  work(x + n);
#pragma omp taskwait depend(in: x[0:n], x[n])
}

// CHECK:      void f(int *x, int n) {
// CHECK-NEXT: { hcc_taskgroup_begin();
// CHECK-NEXT:   {
// CHECK:      hcc_submit(&__hcc_desc);
// CHECK:      { hcc_taskgroup_begin();
// CHECK-NEXT:     {
// CHECK:      hcc_submit(&__hcc_desc);
// CHECK:          } hcc_taskgroup_end(); }
// CHECK-NEXT:   } hcc_taskgroup_end(); }
// CHECK:      { hcc_wait_handle(__hcc_dep((void *)&x[0], (n) * sizeof x[0])); hcc_wait_handle(__hcc_dep((void *)&x[n], sizeof x[n])); }
// CHECK-NEXT: }
