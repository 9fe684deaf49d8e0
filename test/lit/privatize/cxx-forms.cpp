// Privatisation of C++ forms: variables in namespaces (named and anonymous)
// named from file scope; class statics through a descriptor the class
// holds (public, so every use that may name the member may reach it); a
// dynamic initialiser moved into a per-rank init function, the original
// left value-initialised (it would run once more at start-up otherwise);
// a type that cannot be copied bytewise constructed per rank even without
// an initialiser; constants shared, a const with a dynamic initialiser not.
// RUN: %hcc-rewrite --privatize %s -- -std=c++17 | %strip-checks | FileCheck %s
#include <vector>
int make_base();
namespace app {
int base = make_base();
// CHECK: int base = {}; static void __hcc_gv0_init(void *p) { typedef __typeof__(::app::base) T; ::new (p) T(make_base()); } static void __hcc_gv0_destroy(void *p) { typedef __typeof__(::app::base) T; static_cast<T *>(p)->~T(); } static hcc_private_var __hcc_gv0 = {(void *)&::app::base, sizeof(::app::base), __alignof__(::app::base), __hcc_gv0_init, __hcc_gv0_destroy, "cxx-forms.cpp:[[@LINE-1]]: base", -1};
std::vector<int> history(3, 1);
// CHECK: std::vector<int> history{}; static void __hcc_gv1_init(void *p) { typedef __typeof__(::app::history) T; ::new (p) T(3, 1); }
int doubled = base * 2;
// An initialiser reads the rank's copies:
// CHECK: int doubled = {}; static void __hcc_gv2_init(void *p) { typedef __typeof__(::app::doubled) T; ::new (p) T((*(__typeof__(::app::base) *)hcc_private(&::app::__hcc_gv0)) * 2); }
namespace {
int hidden = 4;
// CHECK: int hidden = 4; static hcc_private_var __hcc_gv3 = {(void *)&::app::hidden, sizeof(::app::hidden), __alignof__(::app::hidden), 0, 0,
}
}  // namespace app
class Solver {
 public:
  static int instances;
  static std::vector<double> residuals;
  void add() {
    ++instances;
    residuals.push_back(tol);
  }
// CHECK: ++(*(__typeof__(::Solver::instances) *)hcc_private(&::Solver::__hcc_gv4));
// CHECK-NEXT: (*(__typeof__(::Solver::residuals) *)hcc_private(&::Solver::__hcc_gv5)).push_back((*(__typeof__(::Solver::tol) *)hcc_private(&::Solver::__hcc_gv6)));
 private:
  static double tol;
};
// CHECK: public: static inline hcc_private_var __hcc_gv4 = {(void *)&::Solver::instances, sizeof(::Solver::instances), __alignof__(::Solver::instances), 0, 0, "cxx-forms.cpp:{{[0-9]+}}: instances", -1};
// CHECK: public: static void __hcc_gv5_init(void *p) { typedef __typeof__(::Solver::residuals) T; ::new (p) T; } static void __hcc_gv5_destroy(void *p) { typedef __typeof__(::Solver::residuals) T; static_cast<T *>(p)->~T(); } static inline hcc_private_var __hcc_gv5 =
// CHECK: public: static inline hcc_private_var __hcc_gv6 = {(void *)&::Solver::tol,
int Solver::instances = 0;
std::vector<double> Solver::residuals;
double Solver::tol = 1e-6;
// CHECK: int Solver::instances = 0;
// CHECK-NEXT: std::vector<double> Solver::residuals;
// CHECK-NEXT: double Solver::tol = 1e-6;
const int kConst = 3;
constexpr double kHalf = 0.5;
const int kDynamic = make_base();
// CHECK: const int kDynamic = {}; static void __hcc_gv7_init(void *p) { typedef __typeof__(::kDynamic) T; ::new (p) T(make_base()); }
int use() { return app::base + app::hidden + kConst + int(kHalf) + kDynamic + Solver::instances; }
// CHECK: int use() { return (*(__typeof__(::app::base) *)hcc_private(&::app::__hcc_gv0)) + (*(__typeof__(::app::hidden) *)hcc_private(&::app::__hcc_gv3)) + kConst + int(kHalf) + (*(__typeof__(::kDynamic) *)hcc_private(&::__hcc_gv7)) + (*(__typeof__(::Solver::instances) *)hcc_private(&::Solver::__hcc_gv4)); }
// CHECK: static hcc_private_var *const __hcc_gv_unit[] = {&::app::__hcc_gv0, &::app::__hcc_gv1, &::app::__hcc_gv2, &::app::__hcc_gv3, &::Solver::__hcc_gv4, &::Solver::__hcc_gv5, &::Solver::__hcc_gv6, &::__hcc_gv7};
// The rewritten file compiles.
// RUN: %hcc-rewrite --privatize %s -- -std=c++17 > %t.cpp
// RUN: %clangxx -std=c++17 -fsyntax-only -I%hcc-rt-include %t.cpp
