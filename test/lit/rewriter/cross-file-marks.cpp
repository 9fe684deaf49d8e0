// Across translation units: a task's info lists the marks of the functions
// of other files its body may call (directly or through functions of this
// file), referred to weakly; each function of this file with external linkage
// that creates tasks or may call such functions gets its mark, named after
// its symbol (C++: the mangled name, with C linkage). Inline functions,
// templates and functions of internal linkage get none (every file that
// calls them sees their body).
// RUN: %hcc-rewrite %s -- -std=c++17 | %strip-checks | FileCheck %s
// RUN: %hcc-rewrite %s -- -std=c++17 > %t.cpp
// RUN: %clangxx -std=c++17 -fsyntax-only -fopenmp -Wall -Werror -Wno-unknown-pragmas -I%hcc-rt-include %t.cpp
namespace lib {
void factorize(double *a, int n);  // in another file
extern "C" void c_solver(double *a);  // in another file, C linkage
}
void kernel(double *a);

static void helper(double *a, int n) { lib::factorize(a, n); }
inline void in_header(double *a) { lib::c_solver(a); }
template <typename T> void generic(T *a) { kernel(a); }

struct Solver {
  void run(double *a, int n);
  void plain(double *a) { kernel(a); }
};

void Solver::run(double *a, int n) {
#pragma omp task
  helper(a, n);
#pragma omp task
  in_header(a);
#pragma omp task
  plain(a);
}

void driver(double *a) { generic(a); }

// CHECK:      #include "hcc/hcc.h"
// CHECK-NEXT: extern "C" const hcc_omp_function_mark __hcc_fm__Z6kernelPd __attribute__((weak));
// CHECK-NEXT: extern "C" const hcc_omp_function_mark __hcc_fm__ZN3lib9factorizeEPdi __attribute__((weak));
// CHECK-NEXT: extern "C" const hcc_omp_function_mark __hcc_fm_c_solver __attribute__((weak));
// CHECK:      static const hcc_omp_function_mark *const __hcc_tc0[] = {&__hcc_fm__ZN3lib9factorizeEPdi};
// CHECK-NEXT: static const hcc_omp_task_info __hcc_ti0 = {"helper", "cross-file-marks.cpp", 27, 0, 0, 0, 1, __hcc_tc0, 0};
// CHECK:      static const hcc_omp_function_mark *const __hcc_tc1[] = {&__hcc_fm_c_solver};
// CHECK:      static const hcc_omp_function_mark *const __hcc_tc2[] = {&__hcc_fm__Z6kernelPd};
// CHECK:      static const hcc_omp_function_mark *const __hcc_fmc0[] = {&__hcc_fm__Z6kernelPd, &__hcc_fm__ZN3lib9factorizeEPdi, &__hcc_fm_c_solver};
// CHECK-NEXT: extern "C" const hcc_omp_function_mark __hcc_fm__ZN6Solver3runEPdi;
// CHECK-NEXT: const hcc_omp_function_mark __hcc_fm__ZN6Solver3runEPdi = {HCC_CODELET_CONTROL, 3, __hcc_fmc0};
// CHECK-NEXT: static const hcc_omp_function_mark *const __hcc_fmc1[] = {&__hcc_fm__Z6kernelPd};
// CHECK-NEXT: extern "C" const hcc_omp_function_mark __hcc_fm__Z6driverPd;
// CHECK-NEXT: const hcc_omp_function_mark __hcc_fm__Z6driverPd = {0, 1, __hcc_fmc1};
// CHECK-NOT:  __hcc_fm__Z6helper
// CHECK-NOT:  __hcc_fm__Z9in_header
