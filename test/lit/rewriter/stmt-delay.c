// #pragma hcc delay: the statement runs only when HCC_DELAY(...) says so
// (natively; a simulation charges the cost instead).
// RUN: %hcc-rewrite %s -- | FileCheck %s
void work(int);

void f(int n) {
#pragma hcc delay(seconds = 1e-3 * n)
  work(n);
// CHECK: if (HCC_DELAY(0, 0.001 * n)) { work(n); }
#pragma hcc delay(flops = 2.0 * n * n)
  {
    work(1);
    work(2);
  }
// CHECK: if (HCC_DELAY(1, 2. * n * n)) { {
}
