// Privatisation of every C form with static storage: a descriptor beside
// each variable (after its declaration; a function-local static's in its
// function, in the section the linker collects), each use through the
// running rank's copy (HCC_PRIVATE: the original plus the rank's shift),
// and one registration of the file's descriptors at start-up, before any
// dynamic initialiser, in declaration order, with its module's sections
// (the function-local statics' descriptors the linker collected in the
// executable or shared library). Constants are shared;
// thread-locals are per simulated thread already; unevaluated operands
// (sizeof) stay as written.
// RUN: %hcc-rewrite --privatize %s -- | %strip-checks | FileCheck %s
int counter = 5, total;
// CHECK: int counter = 5, total; static hcc_private_var __hcc_gv0 = {(void *)__builtin_addressof(counter), sizeof(counter), 0, 0, "c-forms.c:[[@LINE-1]]: counter"}; static hcc_private_var __hcc_gv1 = {(void *)__builtin_addressof(total),
static double grid[4][4];
// CHECK: static double grid[4][4]; static hcc_private_var __hcc_gv2 = {(void *)__builtin_addressof(grid), sizeof(grid),
extern int elsewhere;
// CHECK: extern int elsewhere; static hcc_private_var __hcc_gv3 = {(void *)__builtin_addressof(elsewhere),
__thread int per_thread = 3;
// CHECK: __thread int per_thread = 3;{{$}}
const int kSize = 4;
static const double kTable[2] = {1, 2};

int step(int n) {
  static int calls = 0;
// CHECK: static int calls = 0; static hcc_private_var __hcc_gv4 __attribute__((used, section("hcc_private_locals"))) = {(void *)__builtin_addressof(calls), sizeof(calls), 0, 0, "c-forms.c:[[@LINE-1]]: calls"};
  calls++;
// CHECK-NEXT: HCC_PRIVATE(calls)++;
  grid[0][kSize - 1] += kTable[1];
// CHECK-NEXT: HCC_PRIVATE(grid)[0][kSize - 1] += kTable[1];
  counter += n + elsewhere + (int)sizeof(total);
// CHECK-NEXT: HCC_PRIVATE(counter) += n + HCC_PRIVATE(elsewhere) + (int)sizeof(total);
  int *p = &per_thread;
// CHECK-NEXT: int *p = &per_thread;
  return calls + *p;
}
// CHECK: static hcc_private_var *const __hcc_gv_unit[] = {&__hcc_gv0, &__hcc_gv1, &__hcc_gv2, &__hcc_gv3};
// CHECK-NEXT: __attribute__((constructor(101))) static void __hcc_gv_register(void) { hcc_private_register(__hcc_gv_unit, 4); hcc_private_register_module(__start_hcc_private_locals, __stop_hcc_private_locals, __start_hcc_unprivatised, __stop_hcc_unprivatised); }
