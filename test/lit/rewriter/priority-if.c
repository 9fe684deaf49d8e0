// priority(e) sets the priority; if(e) makes the task undeferred when false.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s

void work(int);

void p(int n, int lvl) {
#pragma omp task priority(lvl + 1) if(n > 8)
  work(n);
}

// CHECK:      hcc_group __hcc_group = (n > 8) ? NULL : hcc_group_create();
// CHECK-NEXT: hcc_task_desc __hcc_desc = {&__hcc_codelet_1, &__hcc_args, sizeof __hcc_args, NULL, 0, NULL, 0, (lvl + 1), __hcc_group, 0, 0};
// CHECK-NEXT: hcc_submit(&__hcc_desc);
// CHECK-NEXT: if (__hcc_group) hcc_group_wait(__hcc_group); /* if(false): undeferred */
