// End to end, C++17: tasks created inside a lambda (captures by reference and
// by copy) of a free function; the rewritten program prints what
// clang++ -fopenmp's does.
// RUN: %hccsim -fnative -Wall -Werror -std=c++17 %s -o %t.hcc
// RUN: %clangxx -std=c++17 -fopenmp %s -o %t.omp
// RUN: env HCC_WORKERS=2 %t.hcc > %t.hcc.out
// RUN: %t.omp > %t.omp.out
// RUN: diff %t.omp.out %t.hcc.out
// RUN: FileCheck %s < %t.hcc.out
#include <cstdio>
#include <vector>

static void add(double *y, const double *x, double a, int n) {
  for (int i = 0; i < n; ++i) y[i] = 0.5 * y[i] + a * x[i];
}

int main() {
  std::vector<double> y(256, 1.0), x(256);
  for (int i = 0; i < 256; ++i) x[i] = i % 5;
  int nb = 32;
  double weight = 0.25;
  auto sweep = [&y, &x, nb, weight](int times) {
    for (int t = 0; t < times; ++t)
      for (int b = 0; b < 256; b += nb) {
        double *yb = y.data() + b;
        const double *xb = x.data() + (b + nb) % 256;
#pragma omp task depend(inout: yb[0:nb]) depend(in: xb[0:nb])
        add(yb, xb, weight, nb);
      }
#pragma omp taskwait
  };
#pragma omp parallel
#pragma omp single
  sweep(4);
  double s = 0;
  for (double v : y) s += v;
  std::printf("sum=%.9f y0=%.9f\n", s, y[0]);
  return 0;
}

// CHECK: sum={{[0-9.]+}} y0={{[0-9.]+}}
