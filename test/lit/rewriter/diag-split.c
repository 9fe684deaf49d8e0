// Diagnostics of '#pragma hcc split': loops that cannot be split, with a hint.
// RUN: not %hcc-rewrite %s -- -fopenmp 2>&1 | FileCheck %s
void k_cuda(long begin, long end, double *y);
void two_cuda(long begin, long end, double *y, double a);

void f(int n, double *y, double *x, double a) {
#pragma hcc split impl(cuda: k_cuda(y)) in(y[i + 1]) out(y[i])
#pragma omp parallel for
  for (int i = 0; i < n; ++i) y[i] = y[i + 1];
// CHECK: diag-split.c:[[@LINE-3]]:{{[0-9]+}}: error: hccsim: iterations depend on each other through 'y' (y[i] written, y[i + 1] read): the parts of a split loop run at once
#pragma hcc split impl(cuda: k_cuda(y)) inout(y[0:n])
#pragma omp parallel for
  for (int i = 0; i < n; ++i) y[i] += 1;
// CHECK: diag-split.c:[[@LINE-3]]:{{[0-9]+}}: error: hccsim: 'y[0 : n]' is written by every iteration alike
#pragma hcc split impl(cuda: k_cuda(y)) out(y[i])
  for (int i = 0; i < n; ++i) y[i] = 0;
// CHECK: diag-split.c:[[@LINE-2]]:9: error: hccsim: '#pragma hcc split' must precede an OpenMP worksharing loop
#pragma hcc split impl(cuda: k_cuda(y)) out(y[i])
#pragma omp parallel for
  for (int i = 0; i < n; i += 2) y[i] = 0;
// CHECK: diag-split.c:[[@LINE-2]]:{{[0-9]+}}: error: hccsim: the loop of '#pragma hcc split' (line [[@LINE-3]]) must step by one over an integer
#pragma hcc split impl(cuda: two_cuda(y)) out(y[i])
#pragma omp parallel for
  for (int i = 0; i < n; ++i) y[i] = 0;
// CHECK: diag-split.c:[[@LINE-3]]:9: error: hccsim: impl(cuda: two_cuda) takes 4 parameters but is given 3
#pragma hcc split impl(cuda: k_cuda(y)) out(y[i : i])
#pragma omp parallel for
  for (int i = 0; i < n; ++i) y[i] = 0;
// CHECK: diag-split.c:[[@LINE-3]]:{{[0-9]+}}: error: hccsim: the section of 'y' has a length or an array that depends on 'i'
}
