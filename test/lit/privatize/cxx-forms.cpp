// Privatisation of C++ forms: variables in namespaces (named and anonymous)
// named from file scope; class statics through a descriptor the class
// holds (public, so every use that may name the member may reach it); a
// dynamic initialiser moved into a per-rank init function, the original
// left value-initialised in a simulated build of a file of an MPI program
// (it would run once more at start-up otherwise; no-mpi-file.cpp keeps it,
// and so does a native build, below), or, a class object, unconstructed
// (unconstructed-originals.cpp);
// a type that cannot be copied bytewise constructed per rank even without
// an initialiser; constants shared, a const with a dynamic initialiser not.
// RUN: %hcc-rewrite --privatize --simulate %s -- -std=c++17 | %strip-checks | FileCheck %s
#include <vector>
int MPI_Init(int *argc, char ***argv);
int make_base();
namespace app {
int base = make_base();
// CHECK: int base = {}; static void __hcc_gv0_init(void *p) { typedef __typeof__(::app::base) T; ::new (p) T(make_base()); } static void __hcc_gv0_destroy(void *p) { typedef __typeof__(::app::base) T; static_cast<T *>(p)->~T(); } static hcc_private_var __hcc_gv0 = {(void *)__builtin_addressof(::app::base), sizeof(::app::base), __hcc_gv0_init, __hcc_gv0_destroy, "cxx-forms.cpp:[[@LINE-1]]: base"};
std::vector<int> history(3, 1);
// CHECK: extern std::vector<int> history; __attribute__((no_destroy)) __hcc_unconstructed<__typeof__(::app::history)> __hcc_gv1_original __asm__("_ZN3app7historyE"); static void __hcc_gv1_init(void *p) { typedef __typeof__(::app::history) T; ::new (p) T(3, 1); }
int doubled = base * 2;
// An initialiser reads the rank's copies:
// CHECK: int doubled = {}; static void __hcc_gv2_init(void *p) { typedef __typeof__(::app::doubled) T; ::new (p) T(HCC_PRIVATE(::app::base) * 2); }
namespace {
int hidden = 4;
// CHECK: int hidden = 4; static hcc_private_var __hcc_gv3 = {(void *)__builtin_addressof(::app::hidden), sizeof(::app::hidden), 0, 0,
}
}  // namespace app
void hide() { app::hidden = 5; }  // written: privatised (read-only-statics.c)
class Solver {
 public:
  static int instances;
  static std::vector<double> residuals;
  void add() {
    ++instances;
    residuals.push_back(tol);
  }
// CHECK: ++HCC_PRIVATE(::Solver::instances);
// CHECK-NEXT: HCC_PRIVATE(::Solver::residuals).push_back(HCC_PRIVATE(::Solver::tol));
 private:
  static double tol;
};
// CHECK: public: static inline hcc_private_var __hcc_gv4 = {(void *)__builtin_addressof(::Solver::instances), sizeof(::Solver::instances), 0, 0, "cxx-forms.cpp:{{[0-9]+}}: instances"};
// CHECK: public: static void __hcc_gv5_init(void *p) { typedef __typeof__(::Solver::residuals) T; ::new (p) T; } static void __hcc_gv5_destroy(void *p) { typedef __typeof__(::Solver::residuals) T; static_cast<T *>(p)->~T(); } static inline hcc_private_var __hcc_gv5 =
// CHECK: public: static inline hcc_private_var __hcc_gv6 = {(void *)__builtin_addressof(::Solver::tol),
int Solver::instances = 0;
std::vector<double> Solver::residuals;
double Solver::tol = 1e-6;
// CHECK: int Solver::instances = 0;
// CHECK-NEXT: __attribute__((no_destroy)) __hcc_unconstructed<__typeof__(::Solver::residuals)> __hcc_gv5_original __asm__("_ZN6Solver9residualsE");
// CHECK-NEXT: double Solver::tol = 1e-6;
const int kConst = 3;
constexpr double kHalf = 0.5;
const int kDynamic = make_base();
// CHECK: const int kDynamic = {}; static void __hcc_gv7_init(void *p) { typedef __typeof__(::kDynamic) T; ::new (p) T(make_base()); }
int use() { return app::base + app::hidden + kConst + int(kHalf) + kDynamic + Solver::instances; }
// CHECK: int use() { return HCC_PRIVATE(::app::base) + HCC_PRIVATE(::app::hidden) + kConst + int(kHalf) + HCC_PRIVATE(::kDynamic) + HCC_PRIVATE(::Solver::instances); }
// CHECK: static hcc_private_var *const __hcc_gv_unit[] = {&::app::__hcc_gv0, &::app::__hcc_gv1, &::app::__hcc_gv2, &::app::__hcc_gv3, &::Solver::__hcc_gv4, &::Solver::__hcc_gv5, &::Solver::__hcc_gv6, &::__hcc_gv7};
// A native build (-fhcc-privatize) keeps the initialisers: its originals serve.
// RUN: %hcc-rewrite --privatize %s -- -std=c++17 | %strip-checks | FileCheck %s --check-prefix=NATIVE
// NATIVE: int base = make_base();
// The rewritten file compiles.
// RUN: %hcc-rewrite --privatize %s -- -std=c++17 > %t.cpp
// RUN: %clangxx -std=c++17 -fsyntax-only -I%hcc-rt-include %t.cpp
