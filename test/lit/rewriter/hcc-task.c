// #pragma hcc task name("...") priority(e): the codelet's name and the
// descriptor's priority (overriding omp priority); no unknown-pragma warning.
// RUN: %hcc-rewrite %s -- -Wunknown-pragmas 2>&1 | %strip-checks | FileCheck %s
void work(int);

void p(int n, int lvl) {
#pragma omp task priority(1)
#pragma hcc task name("m2l") priority(lvl * 2 + 1)
  work(n);
#pragma omp task
#pragma hcc params(n = n)
#pragma hcc task name("p2p")
  work(n);
}

// CHECK-NOT:  {{warn}}ing:
// CHECK:      static const hcc_codelet __hcc_codelet_1 = {"m2l", __hcc_task_1, NULL, 0, NULL, 0};
// CHECK:      static const char *const __hcc_param_names_2[1] = {"n"};
// CHECK-NEXT: static const hcc_codelet __hcc_codelet_2 = {"p2p", __hcc_task_2, NULL, 1, __hcc_param_names_2, 0};
// CHECK:      hcc_task_desc __hcc_desc = {&__hcc_codelet_1, &__hcc_args, sizeof __hcc_args, NULL, 0, NULL, 0, (lvl * 2 + 1), NULL, 0, 0};
// CHECK:      hcc_task_desc __hcc_desc = {&__hcc_codelet_2, &__hcc_args, sizeof __hcc_args, NULL, 0, NULL, 0, 0, NULL, 0, 0};
// CHECK-NOT:  {{^}}#pragma hcc
