// Diagnostics of '#pragma hcc split' found when the directive is read: a
// missing CUDA implementation, a section that is not one.
// RUN: not %hcc-rewrite %s -- -fopenmp 2>&1 | FileCheck %s
void k_cuda(long begin, long end, double *y);

void f(int n, double *y, double *x) {
#pragma hcc split in(x[i]) out(y[i])
#pragma omp parallel for
  for (int i = 0; i < n; ++i) y[i] = x[i];
// CHECK: diag-split-syntax.c:[[@LINE-3]]:9: error: hccsim: '#pragma hcc split' needs impl(cuda: fn(args...)), the loop's CUDA implementation
#pragma hcc split impl(cuda: k_cuda(y)) out(y)
#pragma omp parallel for
  for (int i = 0; i < n; ++i) y[i] = 0;
// CHECK: diag-split-syntax.c:[[@LINE-3]]:45: error: hccsim: expected an array section such as x[i] or x[i*k : k] in 'out(...)', found ')'
#pragma hcc split impl(cuda: k_cuda(y)) out(y[i]) private(y)
#pragma omp parallel for
  for (int i = 0; i < n; ++i) y[i] = 0;
// CHECK: diag-split-syntax.c:[[@LINE-3]]:51: error: hccsim: unknown clause 'private' on '#pragma hcc split'
}
