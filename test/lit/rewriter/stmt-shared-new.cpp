// #pragma hcc shared before a new[] expression (C++).
// RUN: %hcc-rewrite %s -- -std=c++17 | FileCheck %s
#include <cstddef>

double *make(std::size_t n) {
#pragma hcc shared
  double *p = new double[n];
// CHECK: hcc_program_allocations(HCC_ALLOCATIONS_FOLDED); double *p = new double[n]; hcc_program_allocations(HCC_ALLOCATIONS_BY_SIZE);
  return p;
}
