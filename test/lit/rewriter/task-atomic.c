// An 'omp atomic' in a task body is kept (hccsim compiles with -fopenmp);
// the shared variable it updates is rewritten like any other.
// RUN: %hcc-rewrite %s -- -fopenmp | %strip-checks | FileCheck %s

int count(int n) {
  int total = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; ++i) {
#pragma omp task shared(total)
    {
#pragma omp atomic update
      total += i;
    }
  }
  return total;
}

// CHECK: static void __hcc_task_{{[0-9]+}}(void *const *__hcc_buffers, void *__hcc_arg)
// CHECK: #pragma omp atomic update
// CHECK-NEXT: (*__hcc_a->total) += i;
