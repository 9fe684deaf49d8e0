// Function-local statics with a class type or a dynamic initialiser
// (PrivateLocalStatics.hpp): storage that nothing constructs, privatised,
// and a statement constructing the running rank's copy on its first pass
// (its destruction registered for the rank's end); each use that evaluates
// the name reaches the rank's copy, sizeof and decltype the original's
// storage. The type's name is written as the file can name it (a local
// class, a type of an anonymous namespace). Declarations that cannot be so
// rewritten keep a warning. mpi/local-statics.cpp runs such a program.
// RUN: %hcc-rewrite --privatize --simulate %s -- -std=c++17 2>/dev/null | %strip-checks | FileCheck %s
// RUN: %hcc-rewrite --privatize --simulate %s -- -std=c++17 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// RUN: %hcc-rewrite --privatize --simulate %s -- -std=c++11 2>/dev/null > %t11.cpp
// RUN: %clangxx -std=c++11 -Wall -Wextra -Werror -fsyntax-only -I%hcc-rt-include %t11.cpp
// RUN: %hcc-rewrite --privatize --simulate %s -- -std=c++20 2>/dev/null > %t20.cpp
// RUN: %clangxx -std=c++20 -Wall -Wextra -Werror -fsyntax-only -I%hcc-rt-include %t20.cpp
#include <map>
#include <string>
int MPI_Init(int *argc, char ***argv);
int make_base();
namespace {
struct Hidden {
  Hidden() {}
  int k = 1;
};
}  // namespace
// CHECK: template <class T> struct __hcc_local_static { union { char none; T value; }; __INTPTR_TYPE__ constructed_at;
// CHECK: template <class T> using __hcc_unref_t = typename __hcc_unref<T>::type;
std::string &name() {
  static std::string s("solver");
  return s;
}
// CHECK: static __hcc_local_static<std::string> __hcc_ls0; static hcc_private_var __hcc_gv0 __attribute__((used, section("hcc_private_locals"))) = {(void *)__builtin_addressof(__hcc_ls0), sizeof(__hcc_ls0), 0, 0, "local-statics.cpp:{{[0-9]+}}: s"};
// CHECK-SAME: static __typeof__(__hcc_ls0.value) &s __attribute__((unused)) = __hcc_ls0.value;
// CHECK-SAME: if (HCC_PRIVATE(__hcc_ls0).constructed_at != (__INTPTR_TYPE__)hcc_private_shift && hcc_private_local_acquire(&HCC_PRIVATE(__hcc_ls0).constructed_at)) { typedef __typeof__(__hcc_ls0.value) __hcc_T; __hcc_local_guard __hcc_g = {&HCC_PRIVATE(__hcc_ls0).constructed_at}; ::new ((void *)__builtin_addressof(HCC_PRIVATE(__hcc_ls0).value)) __hcc_T("solver"); __hcc_g.state = nullptr; hcc_private_local_constructed(__hcc_local_static_destroy<__hcc_T>, (void *)__builtin_addressof(HCC_PRIVATE(__hcc_ls0).value), &__dso_handle, &HCC_PRIVATE(__hcc_ls0).constructed_at); }
// CHECK-NEXT: return HCC_PRIVATE(__hcc_ls0).value;
int table(int k) {
  static const std::map<int, int> squares = {{1, 1}, {2, 4}};
  static int base = make_base();
  static Hidden hidden;
  struct Local {
    int n = 3;
    ~Local() {}
  };
  static Local local;
  return squares.at(k) + base + hidden.k + local.n + int(sizeof(squares) > 0);
}
// CHECK: static __hcc_local_static<const std::map<int, int>> __hcc_ls1;
// CHECK: ::new ((void *)__builtin_addressof(HCC_PRIVATE(__hcc_ls1).value)) __hcc_T({{[{][{]}}1, 1}, {2, 4}});
// CHECK: static __hcc_local_static<int> __hcc_ls2;
// CHECK: __hcc_T(make_base());
// CHECK: static __hcc_local_static<Hidden> __hcc_ls3;
// CHECK: static __hcc_local_static<Local> __hcc_ls4;
// CHECK: return HCC_PRIVATE(__hcc_ls1).value.at(k) + HCC_PRIVATE(__hcc_ls2).value + HCC_PRIVATE(__hcc_ls3).value.k + HCC_PRIVATE(__hcc_ls4).value.n + int(sizeof(squares) > 0);
#define COUNTER static std::string counted("x");
int unsupported() {
  static std::string a("a"), b("b");
  static auto deduced = std::string("d");
  static std::string names[2];
  COUNTER
  return int(a.size() + b.size() + deduced.size() + names[0].size() + counted.size());
}
// WARN-DAG: 'a' is not privatised: a function-local static with a dynamic initialiser or a class type declared beside other variables is not supported (make it a namespace-scope variable)
// WARN-DAG: 'deduced' is not privatised: a function-local static with a dynamic initialiser or a class type written with `auto`, as an array or a reference is not supported
// WARN-DAG: 'names' is not privatised: a function-local static with a dynamic initialiser or a class type written with `auto`, as an array or a reference is not supported
// WARN-DAG: 'counted' is not privatised: a function-local static with a dynamic initialiser or a class type declared in a macro is not supported
// decltype of the name is its declared type still (mpi/decltype-names.cpp),
// not the reference the name is now declared as; decltype((name)) is left.
int first_square() {
  static const std::map<int, int> firsts = {{1, 1}};
  decltype(firsts)::const_iterator it = firsts.begin();
  decltype((firsts)) same = firsts;
  return it->second + int(same.size());
}
// CHECK: __hcc_unref_t<decltype(firsts)>::const_iterator it = HCC_PRIVATE([[FIRSTS:__hcc_ls[0-9]+]]).value.begin();
// CHECK-NEXT: decltype((firsts)) same = HCC_PRIVATE([[FIRSTS]]).value;
