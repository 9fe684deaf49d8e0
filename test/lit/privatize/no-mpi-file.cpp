// A file that declares no MPI_Init may still be linked into an MPI program:
// it is privatised all the same, but its dynamic initialisers stay on the
// originals (a program without ranks uses them), and what it cannot
// privatise is no diagnostic here: each warning is kept in the object
// (section hcc_unprivatised), which a simulation of several ranks prints.
// RUN: %hcc-rewrite --privatize %s -- -std=c++17 2>&1 | %strip-checks | FileCheck %s
// RUN: %hcc-rewrite --privatize %s -- -std=c++17 2>&1 >/dev/null | FileCheck %s --check-prefix=DIAG --allow-empty
// In a simulated build, an original with a destructor is destroyed at exit
// only in a process without ranks (each rank destroys its copy): no_destroy,
// and the runtime registers its destruction where the compiler would have.
// RUN: %hcc-rewrite --privatize --simulate %s -- -std=c++17 2>&1 | %strip-checks | FileCheck %s --check-prefix=SIM
// SIM: extern "C" void *__dso_handle;
// SIM: int base = make_base(); static void __hcc_gv0_init(void *p) {
// SIM-NOT: hcc_private_destroy_original_at_exit(&::__hcc_gv0
// SIM: std::vector<int> history __attribute__((no_destroy))(3, 1); static void __hcc_gv1_init(void *p) { typedef __typeof__(::history) T; ::new (p) T(3, 1); } {{.*}} static hcc_private_var __hcc_gv1 = {{.*}}; static const int __hcc_gv1_at_exit __attribute__((unused)) = hcc_private_destroy_original_at_exit(&::__hcc_gv1, &__dso_handle);
// RUN: %hcc-rewrite --privatize --simulate %s -- -std=c++17 > %t.sim.cpp
// RUN: %clangxx -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I%hcc-rt-include %t.sim.cpp
// DIAG-NOT: warning
#include <vector>
int make_base();
int base = make_base();
// CHECK: int base = make_base(); static void __hcc_gv0_init(void *p) { typedef __typeof__(::base) T; ::new (p) T(make_base()); }
std::vector<int> history(3, 1);
// CHECK: std::vector<int> history(3, 1); static void __hcc_gv1_init(void *p) { typedef __typeof__(::history) T; ::new (p) T(3, 1); }
template <typename T> struct Pool {
  static int created;
};
template <typename T> int Pool<T>::created = 0;
int use() { return base + history[0] + Pool<int>::created++; }
// CHECK: static const char *const __hcc_unprivatised0 __attribute__((used, section("hcc_unprivatised"))) = "no-mpi-file.cpp:{{[0-9]+}}: 'created' is not privatised: a class template's static members are not supported; every rank of a simulation shares it (hint: #pragma hcc keep_global(created) says that is intended)";
// Once, though the template's member and its instantiation are two declarations.
// CHECK-NOT: __hcc_unprivatised1
// CHECK: static hcc_private_var *const __hcc_gv_unit[] = {&::__hcc_gv0, &::__hcc_gv1};
// CHECK-NEXT: __attribute__((constructor(101))) static void __hcc_gv_register(void) { hcc_private_register(__hcc_gv_unit, 2); hcc_private_register_module(__start_hcc_private_locals, __stop_hcc_private_locals, __start_hcc_unprivatised, __stop_hcc_unprivatised); }
// The rewritten file compiles.
// RUN: %hcc-rewrite --privatize %s -- -std=c++17 > %t.cpp
// RUN: %clangxx -std=c++17 -fsyntax-only -I%hcc-rt-include %t.cpp
