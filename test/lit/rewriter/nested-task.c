// A task created inside a task: its captures and depend items are spelled as
// the outer outlined body sees them; the inner function comes first.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s

void leaf(double *);

void outer(double *a, int n) {
  double total = 0;
#pragma omp task shared(total)
  {
#pragma omp task depend(inout: total) shared(total) firstprivate(n)
    total += n;
#pragma omp taskwait
    leaf(a);
  }
}

// CHECK:      static void __hcc_task_2(
// CHECK:        (*__hcc_a->total) += n;
// CHECK:      static const hcc_codelet __hcc_codelet_2 = {"nested-task.c:11"
// CHECK:      static void __hcc_task_1(
// CHECK:            __hcc_args.total = &(*__hcc_a->total);
// CHECK-NEXT:       __hcc_args.n = n;
// CHECK:            __hcc_acc[0].handle = __hcc_dep((void *)&(*__hcc_a->total), sizeof (*__hcc_a->total));
// CHECK:      hcc_taskwait();
// CHECK:      static const hcc_codelet __hcc_codelet_1 = {"nested-task.c:9", __hcc_task_1, NULL, 0, NULL, HCC_CODELET_CONTROL};
