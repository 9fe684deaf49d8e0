// In a simulated build of a file of an MPI program, the original of a
// privatised class object is no rank's (each rank constructs its copy): its
// definition becomes storage that nothing constructs or destroys, under the
// variable's symbol. An external variable is declared `extern` (every
// declarator of its declaration), its storage named by its mangled name; an
// internal one (static, in an anonymous namespace, a namespace-scope const)
// becomes a reference to storage of this file; a class's static member's
// definition becomes its storage. An inline variable, and a declaration
// that also declares what is not a class object, keep a value-initialised
// original. mpi/unconstructed-originals.cpp runs such a program.
// RUN: %hcc-rewrite --privatize --simulate %s -- -std=c++17 | %strip-checks | FileCheck %s
// RUN: %hcc-rewrite --privatize --simulate %s -- -std=c++17 > %t.cpp
// RUN: %clangxx -std=c++17 -Wall -Wextra -pedantic -Werror -fsyntax-only -I%hcc-rt-include %t.cpp
// RUN: %hcc-rewrite --privatize --simulate %s -- -std=c++20 > %t20.cpp
// RUN: %clangxx -std=c++20 -Wall -Wextra -pedantic -Werror -fsyntax-only -I%hcc-rt-include %t20.cpp
// A native build keeps every original as written.
// RUN: %hcc-rewrite --privatize %s -- -std=c++17 | %strip-checks | FileCheck %s --check-prefix=NATIVE
// CHECK: template <class T> union __hcc_unconstructed {
// CHECK: namespace { template <class T, int Id> struct __hcc_unconstructed_static {
#include <string>
int MPI_Init(int *argc, char ***argv);
struct Registrar {
  explicit Registrar(const char *name) : name(name) {}
  ~Registrar() {}
  const char *name;
};
struct Counter {
  Counter() {}
  int n = 0;
};
Registrar first("first");
// CHECK: extern Registrar first; __attribute__((no_destroy)) __hcc_unconstructed<__typeof__(::first)> __hcc_gv0_original __asm__("first"); static void __hcc_gv0_init(void *p) { typedef __typeof__(::first) T; ::new (p) T("first"); }
// NATIVE: Registrar first("first");
Registrar second("second"), third = Registrar("third");
// CHECK: extern Registrar second, third; __attribute__((no_destroy)) __hcc_unconstructed<__typeof__(::second)> __hcc_gv1_original __asm__("second");
// CHECK-SAME: __attribute__((no_destroy)) __hcc_unconstructed<__typeof__(::third)> __hcc_gv2_original __asm__("third"); static void __hcc_gv2_init(void *p) { typedef __typeof__(::third) T; ::new (p) T(Registrar("third")); }
static Registrar hidden{"hidden"};
// CHECK: static Registrar &hidden = __hcc_unconstructed_static<__typeof__(hidden), 3>::object.value; static void __hcc_gv3_init(void *p) { typedef __typeof__(::hidden) T; ::new (p) T{"hidden"}; }
namespace {
Counter counter;
// CHECK: Counter &counter = __hcc_unconstructed_static<__typeof__(counter), 4>::object.value; static void __hcc_gv4_init(void *p) { typedef __typeof__(::counter) T; ::new (p) T; }
}  // namespace
const std::string label = std::string("rank") + "s";
// CHECK: const std::string &label = __hcc_unconstructed_static<__typeof__(label), 5>::object.value; static void __hcc_gv5_init(void *p) { typedef __typeof__(::label) T; ::new (p) T(std::string("rank") + "s"); }
namespace app {
extern Registrar declared;
Registrar declared("declared");
// CHECK: extern Registrar declared; __attribute__((no_destroy)) __hcc_unconstructed<__typeof__(::app::declared)> __hcc_gv6_original __asm__("_ZN3app8declaredE");
}  // namespace app
struct Solver {
  static Registrar log;
  static Counter calls;
};
Registrar Solver::log(  // a definition over two lines: the next keeps its number
    "solver");
Counter Solver::calls;
// CHECK: __attribute__((no_destroy)) __hcc_unconstructed<__typeof__(::Solver::log)> __hcc_gv7_original __asm__("_ZN6Solver3logE");
// CHECK-NEXT: #line [[@LINE-3]] "{{.*}}unconstructed-originals.cpp"
// CHECK-EMPTY:
// CHECK-NEXT: __attribute__((no_destroy)) __hcc_unconstructed<__typeof__(::Solver::calls)> __hcc_gv8_original __asm__("_ZN6Solver5callsE");
inline Counter shared_inline;
// CHECK: inline Counter shared_inline; static void __hcc_gv9_init(void *p)
Counter mixed, *mixed_ptr = nullptr;
// CHECK: Counter mixed, *mixed_ptr = nullptr; static void __hcc_gv10_init(void *p)
int use() {
  ++counter.n;
  ++Solver::calls.n;
  ++shared_inline.n;
  ++mixed.n;
  mixed_ptr = &mixed;
  return first.name[0] + second.name[0] + third.name[0] + hidden.name[0] + app::declared.name[0] +
         Solver::log.name[0] + int(label.size()) + counter.n;
}
// A symbol or an alignment of its own: the original keeps them, and `{}`.
Counter labelled __asm__("counter_symbol");
alignas(64) Counter aligned;
// CHECK: Counter labelled __asm__("counter_symbol"); static void __hcc_gv{{[0-9]+}}_init(void *p)
// CHECK: alignas(64) Counter aligned; static void __hcc_gv{{[0-9]+}}_init(void *p)
int use_more() { return ++labelled.n + ++aligned.n; }
// Written with `auto`: an internal variable's storage names the deduced
// type; an external one, which `extern` could not declare, keeps its
// initialiser (its original is constructed at start-up, as before), and so
// does an internal one whose type no name reaches from file scope.
static auto started = std::string("now");
auto solver = Registrar("solver");
namespace {
struct Hidden {
  Hidden() {}
  int k = 1;
};
}  // namespace
auto hidden_object = Hidden();
// CHECK: static auto &started = __hcc_unconstructed_static<::std::basic_string<char>, {{[0-9]+}}>::object.value;
// CHECK: auto solver = Registrar("solver"); static void
// CHECK: auto hidden_object = Hidden(); static void
int use_autos() { return int(started.size()) + solver.name[0] + hidden_object.k; }
// A class template whose arguments the initialiser deduces keeps it,
// internal or not: neither `extern Box boxed;` nor a `Box &` can be written.
template <class T> struct Box {
  Box(T v) : v(v) {}
  T v;
};
Box boxed(2.5);
static Box hidden_box{3};
// CHECK: Box boxed(2.5); static void
// CHECK: static Box hidden_box{3}; static void
double use_boxes() { return boxed.v + hidden_box.v; }
