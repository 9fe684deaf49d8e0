// parallel + single around task creation: both pragmas go, the block stays,
// the region's barrier becomes hcc_wait_all(); main gets hcc_init() and
// hcc_shutdown() before each return.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s

void work(int);

int main(int argc, char **argv) {
  (void)argv;
  if (argc > 3)
    return 2;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task
    work(argc);
  }
  return 0;
}

// CHECK:      int main(int argc, char **argv) { if (hcc_init() != 0) return 1;
// CHECK:        if (argc > 3)
// CHECK-NEXT:     { hcc_wait_all(); int __hcc_ret = (2); hcc_shutdown(); return __hcc_ret; }
// CHECK-NEXT: { /* omp parallel: the hccsim workers are the team */
// CHECK-NEXT: /* omp single */
// CHECK-NEXT:   {
// CHECK-NEXT: { /* omp task -> __hcc_task_1 */
// CHECK:        } hcc_wait_all(); }
// CHECK-NEXT:   { hcc_wait_all(); int __hcc_ret = (0); hcc_shutdown(); return __hcc_ret; }
// CHECK-NEXT: }
