// C++ forms of a number that steers a loop, written by a call: a lambda
// given its address (its call has the lambda object as first argument) and
// a function taking it by non-const reference. A const reference is read
// only: computation.
// RUN: %clangxx -std=c++17 -fsyntax-only -fopenmp -fplugin=%hccplugin -fplugin-arg-hcc-remarks %s 2>&1 | FileCheck %s
// REQUIRES: hcc-plugin
#include <vector>

void norm2(const std::vector<double> &x, double &out);
void scale(const std::vector<double> &x, const double &by);

int iterate(std::vector<double> &x) {
  double rho = 1, res = 1, factor = 2;
  auto dot = [&x](double *r) {
    double s = 0;
    for (double v : x) s += v * v;
    *r = s;
  };
  int it = 0;
  while (rho > 1e-9 && res > 1e-9 && factor > 0 && it < 100) {
#pragma omp task shared(rho)
    dot(&rho);
// CHECK: steering-numbers-cxx.cpp:[[@LINE-2]]:1: remark: hccsim: task 'steering-numbers-cxx.cpp:[[@LINE-2]]' (runs in simulation: its stores steer control code)
#pragma omp task shared(res)
    norm2(x, res);
// CHECK: steering-numbers-cxx.cpp:[[@LINE-2]]:1: remark: hccsim: task 'norm2' (runs in simulation: its stores steer control code), calls 1 function(s) of other files
#pragma omp task shared(factor)
    scale(x, factor);
// CHECK: steering-numbers-cxx.cpp:[[@LINE-2]]:1: remark: hccsim: task 'scale', calls 1 function(s) of other files{{$}}
#pragma omp taskwait
    ++it;
  }
  return it;
}
