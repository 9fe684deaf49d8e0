// Arrays declared without their bound, as library headers declare them:
// sizeof cannot be written where the type is incomplete, so the descriptor
// says 0; where this file defines the array further down, the registration
// at its end (where the bound is known) sets the size; else the file that
// defines it registers the size (test/lit/mpi/unbounded-extern.cpp).
// RUN: %hcc-rewrite --privatize %s -- | %strip-checks | FileCheck %s
extern double field[];
// CHECK: extern double field[]; static hcc_private_var __hcc_gv0 = {(void *)__builtin_addressof(field), 0, 0, 0, "unbounded-arrays.c:[[@LINE-1]]: field"};
extern int later[];
// CHECK: extern int later[]; static hcc_private_var __hcc_gv1 = {(void *)__builtin_addressof(later), 0, 0, 0, "unbounded-arrays.c:[[@LINE-1]]: later"};

double step(int i) {
  later[i] += 1;
// CHECK: HCC_PRIVATE(later)[i] += 1;
  return field[i];
// CHECK-NEXT: return HCC_PRIVATE(field)[i];
}

int later[8];
// CHECK: static hcc_private_var *const __hcc_gv_unit[] = {&__hcc_gv0, &__hcc_gv1};
// CHECK-NEXT: __attribute__((constructor(101))) static void __hcc_gv_register(void) { __hcc_gv1.size = sizeof(later); hcc_private_register(__hcc_gv_unit, 2); }
