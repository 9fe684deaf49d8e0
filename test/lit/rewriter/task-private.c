// A private variable is a local of the outlined body, not a field.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s

void g(int *v) {
  int tmp;
#pragma omp task private(tmp) firstprivate(v)
  {
    tmp = v[0];
    v[1] = tmp;
  }
}

// CHECK:      struct __hcc_task_1_args {
// CHECK-NEXT:   int *v;
// CHECK-NEXT: };
// CHECK:        struct __hcc_task_1_args *__hcc_a = (struct __hcc_task_1_args *)__hcc_arg;
// CHECK-NEXT:   int tmp;
// CHECK-NEXT:   int *v = __hcc_a->v;
// CHECK:          tmp = v[0];
// CHECK-NEXT:     v[1] = tmp;
// CHECK-NOT:  {{^ *}}__hcc_args.tmp
// CHECK:      __hcc_args.v = v;
