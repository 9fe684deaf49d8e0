// The codelet is named after the callee of a single-call body, else file:line;
// a body that creates tasks or waits for them is control code.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s

void kernel(double *);

void run(double *a) {
#pragma omp task
  kernel(a);
#pragma omp task
  {
    kernel(a);
  }
#pragma omp task
  {
    a[0] = 1;
    kernel(a);
  }
#pragma omp task
  {
#pragma omp task
    kernel(a);
#pragma omp taskwait
  }
}

// CHECK: static const hcc_codelet __hcc_codelet_1 = {"kernel", __hcc_task_1, NULL, 0, NULL, 0};
// CHECK: static const hcc_codelet __hcc_codelet_2 = {"kernel", __hcc_task_2, NULL, 0, NULL, 0};
// CHECK: static const hcc_codelet __hcc_codelet_3 = {"codelet-name.c:14", __hcc_task_3, NULL, 0, NULL, 0};
// CHECK: static const hcc_codelet __hcc_codelet_5 = {"kernel", __hcc_task_5, NULL, 0, NULL, 0};
// CHECK: static const hcc_codelet __hcc_codelet_4 = {"codelet-name.c:19", __hcc_task_4, NULL, 0, NULL, HCC_CODELET_CONTROL};
