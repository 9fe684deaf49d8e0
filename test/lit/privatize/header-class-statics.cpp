// Static members of a class defined in a header: a public one is
// privatised, its descriptor at file scope after its definition (or before
// its first use where another file defines it); a private one, or one in a
// private nested class, which a descriptor at file scope could not name,
// is left shared with a warning (the class's own file may privatise what
// it defines: cxx-forms.cpp).
// RUN: %hcc-rewrite --privatize --simulate %s -- -std=c++17 -I%S/Inputs 2>&1 >/dev/null | FileCheck %s --check-prefix=DIAG
// RUN: %hcc-rewrite --privatize --simulate %s -- -std=c++17 -I%S/Inputs 2>/dev/null | %strip-checks | FileCheck %s
// RUN: %hcc-rewrite --privatize --simulate %s -- -std=c++17 -I%S/Inputs 2>/dev/null > %t.cpp
// RUN: %clangxx -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I%S/Inputs -I%hcc-rt-include %t.cpp
// DIAG: solver-class.h:14:14: warning: hccsim: 'secret' is not privatised: a class's static members are privatised when the class is defined in this file (C++17 or later) or the member is public
// DIAG: solver-class.h:16:16: warning: hccsim: 'hits' is not privatised
// DIAG-NOT: warning:
#include "solver-class.h"
int MPI_Init(int *argc, char ***argv);
int Solver::solves = 0;
// CHECK: int Solver::solves = 0; static hcc_private_var __hcc_gv0 = {(void *)__builtin_addressof(::Solver::solves), sizeof(::Solver::solves), 0, 0, "header-class-statics.cpp:{{[0-9]+}}: solves"};
std::map<std::string, double> Solver::times;
// CHECK: __attribute__((no_destroy)) __hcc_unconstructed<__typeof__(::Solver::times)> __hcc_gv1_original __asm__("_ZN6Solver5timesB5cxx11E"); static void __hcc_gv1_init(void *p) { typedef __typeof__(::Solver::times) T; ::new (p) T; }
int Solver::secret = 0;
int Solver::Cache::hits = 0;
void Solver::count() {
  ++solves;
  ++secret;
  ++Cache::hits;
  times["count"] += 1.0;
}
// CHECK: ++HCC_PRIVATE(::Solver::solves);
// CHECK-NEXT: ++secret;
// CHECK-NEXT: ++Cache::hits;
// CHECK-NEXT: HCC_PRIVATE(::Solver::times)["count"] += 1.0;
