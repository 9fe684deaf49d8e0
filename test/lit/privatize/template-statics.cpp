// The function-local statics of templates are rewritten in the template
// (PrivateLocalStatics.hpp), which each instantiation copies with its own
// storage and descriptor: bytes where the type and the initialiser are
// known to be constant and trivially copyable, constructed on the rank's
// first pass where they depend on the template's arguments. A class
// template's static members and variable templates keep a warning.
// mpi/template-statics.cpp runs such a program.
// RUN: %hcc-rewrite --privatize --simulate %s -- -std=c++17 2>/dev/null | %strip-checks | FileCheck %s
// RUN: %hcc-rewrite --privatize --simulate %s -- -std=c++17 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// RUN: %hcc-rewrite --privatize --simulate %s -- -std=c++17 2>/dev/null > %t.cpp
// RUN: %clangxx -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I%hcc-rt-include %t.cpp
#include <vector>
int MPI_Init(int *argc, char ***argv);
template <typename T> int count_calls() {
  static int calls = 0;
  return ++calls;
}
// CHECK: static int calls = 0; static hcc_private_var __hcc_gv{{[0-9]+}} __attribute__((used, section("hcc_private_locals"))) = {(void *)__builtin_addressof(calls), sizeof(calls), 0, 0, "template-statics.cpp:{{[0-9]+}}: calls"};
// CHECK-NEXT: return ++HCC_PRIVATE(calls);
template <typename T> std::vector<T> &pool() {
  static std::vector<T> items(4);
  return items;
}
// CHECK: static __hcc_local_static<std::vector<T>> [[ITEMS:__hcc_ls[0-9]+]];
// CHECK-SAME: __hcc_T(4);
// CHECK-NEXT: return HCC_PRIVATE([[ITEMS]]).value;
template <typename T> struct Counter {
  T bump(T by) {
    static T total = by;
    return total += by;
  }
};
// CHECK: static __hcc_local_static<T> [[TOTAL:__hcc_ls[0-9]+]];
// CHECK-SAME: __hcc_T(by);
// CHECK-NEXT: return HCC_PRIVATE([[TOTAL]]).value += by;
template <typename T> struct Registry {
  static int entries;
};
template <typename T> int Registry<T>::entries = 0;
template <typename T> T zero = T();
// WARN-DAG: 'entries' is not privatised: a class template's static members are not supported
// WARN-DAG: 'zero' is not privatised: a variable template is not supported
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  auto next = [](auto step) {
    static decltype(step) at = 0;
    return at += step;
  };
// CHECK: static __hcc_local_static<decltype(step)> [[AT:__hcc_ls[0-9]+]];
// CHECK-NEXT: return HCC_PRIVATE([[AT]]).value += step;
  Counter<long> c;
  return count_calls<int>() + int(pool<double>().size()) + int(c.bump(2)) + Registry<char>::entries++ +
         zero<int> + next(1);
}
