// A split loop cannot leave early: its parts run at once on the CPU team
// and the GPUs. A 'break' gets clang's own OpenMP diagnostic, with its
// location, before any rewriting.
// RUN: not %hcc-rewrite %s -- -fopenmp 2>&1 | FileCheck %s
void k_cuda(long begin, long end, double *y);

void f(int n, double *y) {
#pragma hcc split impl(cuda: k_cuda(y)) out(y[i])
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (y[i] < 0) break;
// CHECK: diag-split-break.c:[[@LINE-1]]:19: error: 'break' statement cannot be used in OpenMP for loop
    y[i] = 1;
  }
}
