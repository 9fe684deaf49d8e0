// Each depend kind maps to one access mode, in clause order.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s

void k(double *, double *, double *, double *, double *);

void h(double *a, double *b, double *c, double *d, double *e) {
#pragma omp task depend(in: a[0]) depend(out: b[0]) depend(inout: c[0]) depend(inoutset: d[0]) depend(mutexinoutset: e[0])
  k(a, b, c, d, e);
}

// CHECK:      hcc_access __hcc_acc[5];
// CHECK-NEXT: __hcc_acc[0].handle = __hcc_dep((void *)&a[0], sizeof a[0]);
// CHECK-NEXT: __hcc_acc[0].mode = HCC_R;
// CHECK-NEXT: __hcc_acc[1].handle = __hcc_dep((void *)&b[0], sizeof b[0]);
// CHECK-NEXT: __hcc_acc[1].mode = HCC_W;
// CHECK-NEXT: __hcc_acc[2].handle = __hcc_dep((void *)&c[0], sizeof c[0]);
// CHECK-NEXT: __hcc_acc[2].mode = HCC_RW;
// CHECK-NEXT: __hcc_acc[3].handle = __hcc_dep((void *)&d[0], sizeof d[0]);
// CHECK-NEXT: __hcc_acc[3].mode = HCC_INOUTSET;
// CHECK-NEXT: __hcc_acc[4].handle = __hcc_dep((void *)&e[0], sizeof e[0]);
// CHECK-NEXT: __hcc_acc[4].mode = HCC_COMMUTE;
// CHECK-NEXT: hcc_task_desc __hcc_desc = {&__hcc_codelet_1, &__hcc_args, sizeof __hcc_args, __hcc_acc, 5, NULL, 0, 0, NULL, 0, 0};
