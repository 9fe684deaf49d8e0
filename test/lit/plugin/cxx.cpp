// C++ inputs go through the same invocation (the rewriter lowers tasks in
// free functions); the object runs on the native runtime.
// RUN: %clangxx -std=c++17 -fplugin=%hccplugin -fopenmp -Wall -Werror -c %s -o %t.o
// RUN: %clangxx %t.o %hcc-rt-native -lpthread -lm -o %t
// RUN: env HCC_WORKERS=2 %t | FileCheck %s
#include <cstdio>
#include <vector>

namespace app {
void scale(std::vector<double> &v, double f) {
  for (std::size_t b = 0; b < v.size(); b += 4) {
#pragma omp task depend(inout: v[b]) shared(v) firstprivate(b)
    for (std::size_t k = b; k < b + 4 && k < v.size(); ++k) v[k] *= f;
  }
#pragma omp taskwait
}
}  // namespace app

int main() {
  std::vector<double> v(10, 1.5);
#pragma omp parallel
#pragma omp single
  {
    app::scale(v, 2.0);
  }
  double s = 0;
  for (double x : v) s += x;
  std::printf("sum=%g\n", s);
  return 0;
}

// CHECK: sum=30
