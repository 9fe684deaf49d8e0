// C++: tasks in free functions inside namespaces and extern "C" blocks are
// lowered; a shared reference is a pointer to the object it refers to.
// RUN: %hcc-rewrite %s -- -std=c++17 | %strip-checks | FileCheck %s
// RUN: %hcc-rewrite %s -- -std=c++17 > %t.cpp
// RUN: %clangxx -std=c++17 -fsyntax-only -Wall -Werror -I%hcc-rt-include %t.cpp

void scale(double *x, int n);

namespace app {
namespace detail {
void run(double *x, double &sum, int n) {
#pragma omp task depend(inout: x[0:n])
  scale(x, n);
#pragma omp task depend(inout: sum) depend(in: x[0:n]) shared(sum)
  sum += x[0];
}
}  // namespace detail
}  // namespace app

extern "C" void c_entry(double *x, int n) {
#pragma omp task depend(inout: x[0:n])
  scale(x, n);
}

// CHECK: namespace app {
// CHECK-NEXT: namespace detail {
// CHECK: struct __hcc_task_1_args {
// CHECK-NEXT:   double *x;
// CHECK-NEXT:   int n;
// CHECK: static const hcc_codelet __hcc_codelet_1 = {"scale", __hcc_task_1,
// CHECK: struct __hcc_task_2_args {
// CHECK-NEXT:   double *sum;
// CHECK-NEXT:   double *x;
// CHECK: (*__hcc_a->sum) += x[0];
// CHECK: void run(double *x, double &sum, int n) {
// CHECK: __hcc_args.sum = &sum;
// CHECK: hcc_submit(&__hcc_desc);
// CHECK: static void __hcc_task_3(
// CHECK: extern "C" void c_entry(double *x, int n) {
