// #pragma hcc task name("...") priority(e): the kernel's name and the task's
// priority (overriding omp priority), evaluated where the task is created;
// no unknown-pragma warning.
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

// CHECK-NOT:  warning:
// CHECK:      static const hcc_omp_task_info __hcc_ti0 = {"m2l", "hcc-task.c", 8, 0, 0, 0, 1, __hcc_tc0, 0};
// CHECK-NEXT: #line 9
// CHECK-NEXT: const hcc_omp_task_values __hcc_tv0 = {0, (int)(lvl * 2 + 1), 1, 0, 0, 0, 0};
// CHECK-NEXT: hcc_omp_next_task(&__hcc_ti0, &__hcc_tv0);
// CHECK:      static const hcc_omp_task_info __hcc_ti1 = {"p2p", "hcc-task.c", 11, 0, 1, __hcc_pn1, 1, __hcc_tc1, 0};
