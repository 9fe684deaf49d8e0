// End to end, C++17: a blocked update over std::vector with dependences,
// references and a namespace; the rewritten program on the native runtime
// prints what clang++ -fopenmp's does.
// RUN: %hccsim -fnative -Wall -Werror -std=c++17 %s -o %t.hcc
// RUN: %clangxx -std=c++17 -fopenmp %s -o %t.omp
// RUN: env HCC_WORKERS=3 %t.hcc > %t.hcc.out
// RUN: %t.omp > %t.omp.out
// RUN: diff %t.omp.out %t.hcc.out
// RUN: FileCheck %s < %t.hcc.out
#include <cstdio>
#include <vector>

namespace blocks {
static void axpy(double *y, const double *x, double a, int n) {
  for (int i = 0; i < n; ++i) y[i] += a * x[i];
}

double sweep(std::vector<double> &y, const std::vector<double> &x, int nb, int steps) {
  const int n = static_cast<int>(y.size());
  double &corner = y[0];
#pragma omp parallel
#pragma omp single
  {
    for (int s = 0; s < steps; ++s) {
      for (int b = 0; b < n; b += nb) {
        double *yb = y.data() + b;
        const double *xb = x.data() + (b + nb) % n;
#pragma omp task depend(inout: yb[0:nb]) depend(in: xb[0:nb])
        axpy(yb, xb, 0.5, nb);
      }
#pragma omp task depend(inout: corner)
      corner *= 0.5;
    }
#pragma omp taskwait
  }
  double sum = 0;
  for (double v : y) sum += v;
  return sum;
}
}  // namespace blocks

int main() {
  std::vector<double> y(1024), x(1024);
  for (int i = 0; i < 1024; ++i) y[i] = x[i] = i % 7;
  std::printf("sum=%.6f corner=%.6f\n", blocks::sweep(y, x, 64, 4), y[0]);
  return 0;
}

// CHECK: sum={{[0-9.]+}} corner={{[0-9.]+}}
