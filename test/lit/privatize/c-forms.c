// Privatisation of every C form with static storage: a descriptor beside
// each variable (after its declaration; a function-local static's in its
// function), each use through the running rank's copy, and one registration
// of the file's descriptors at start-up, in declaration order. Constants are
// shared; unevaluated operands (sizeof) stay as written.
// RUN: %hcc-rewrite --privatize %s -- | %strip-checks | FileCheck %s
int counter = 5, total;
// CHECK: int counter = 5, total; static hcc_private_var __hcc_gv0 = {(void *)&counter, sizeof(counter), __alignof__(counter), 0, 0, "c-forms.c:[[@LINE-1]]: counter", -1}; static hcc_private_var __hcc_gv1 = {(void *)&total,
static double grid[4][4];
// CHECK: static double grid[4][4]; static hcc_private_var __hcc_gv2 = {(void *)&grid, sizeof(grid),
extern int elsewhere;
// CHECK: extern int elsewhere; static hcc_private_var __hcc_gv3 = {(void *)&elsewhere,
__thread int per_thread = 3;
// A thread-local's address is no constant: the registration sets it.
// CHECK: __thread int per_thread = 3; static hcc_private_var __hcc_gv4 = {0, sizeof(per_thread),
const int kSize = 4;
static const double kTable[2] = {1, 2};

int step(int n) {
  static int calls = 0;
// CHECK: static int calls = 0; static hcc_private_var __hcc_gv5 = {(void *)&calls, sizeof(calls), __alignof__(calls), 0, 0, "c-forms.c:[[@LINE-1]]: calls", -1};
  calls++;
// CHECK-NEXT: (*(__typeof__(calls) *)hcc_private(&__hcc_gv5))++;
  grid[0][kSize - 1] += kTable[1];
// CHECK-NEXT: (*(__typeof__(grid) *)hcc_private(&__hcc_gv2))[0][kSize - 1] += kTable[1];
  counter += n + elsewhere + (int)sizeof(total);
// CHECK-NEXT: (*(__typeof__(counter) *)hcc_private(&__hcc_gv0)) += n + (*(__typeof__(elsewhere) *)hcc_private(&__hcc_gv3)) + (int)sizeof(total);
  int *p = &per_thread;
// CHECK-NEXT: int *p = &(*(__typeof__(per_thread) *)hcc_private(&__hcc_gv4));
  return calls + *p;
}
// CHECK: static hcc_private_var *const __hcc_gv_unit[] = {&__hcc_gv0, &__hcc_gv1, &__hcc_gv2, &__hcc_gv3, &__hcc_gv4};
// CHECK-NEXT: __attribute__((constructor)) static void __hcc_gv_register(void) { __hcc_gv4.original = (void *)&per_thread; hcc_private_register(__hcc_gv_unit, 5); }
