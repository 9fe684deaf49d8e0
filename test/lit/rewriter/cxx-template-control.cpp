// In a template, a call that depends on a template parameter is resolved in
// the instantiations only: the task is control code when its body creates
// tasks in any instantiation (here through the recursive call), not when it
// only calls leaves. Kernels are named after the called template.
// RUN: %hcc-rewrite %s -- -std=c++17 | %strip-checks | FileCheck %s
template <typename T> T leaf(T n) { return n; }

template <typename T> T sum(T n) {
  if (n < 2) return n;
  T a = 0, b = 0;
#pragma omp task shared(a)
  a = sum<T>(n - 1);
#pragma omp task shared(b)
  b = leaf<T>(n - 2);
#pragma omp taskwait
  return a + b;
}

int main() { return sum<int>(10) + (int)sum<long>(5); }  // with main: what sum returns, this file alone reads

// CHECK: __hcc_ti0 = {"sum", "cxx-template-control.cpp", 11, HCC_CODELET_CONTROL,
// CHECK: __hcc_ti1 = {"leaf", "cxx-template-control.cpp", 13, 0,
