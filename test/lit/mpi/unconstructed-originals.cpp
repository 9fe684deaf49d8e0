// End to end, C++: a privatised class object's constructor and destructor
// run once per simulated rank, as once per process natively, whether its
// variable is external, static, in an anonymous namespace or a class's
// static member: the original, which is no rank's, is neither constructed at
// start-up nor destroyed at the process's exit (each ran once more before,
// and a class without a default constructor did not compile). Each rank's
// objects hold what it wrote. A file without MPI_Init (Inputs/exit_report.cpp)
// constructs its original, which a program without ranks uses: destroyed
// at exit there, not in a simulation of ranks (its report, of no calls,
// came once more after the ranks').
// RUN: %hccsim -fsimulate -std=c++17 -c %S/Inputs/exit_report.cpp -o %t.report.o
// RUN: %hccsim -fsimulate -std=c++17 -Wall -Werror %s %t.report.o -o %t.sim
// RUN: %hccsim-run -np 2 --platform local-2node %t.sim > %t.out 2>&1
// RUN: sort %t.out | uniq -c | FileCheck %s
// RUN: %hccsim -fsimulate -std=c++17 %S/Inputs/exit_report_main.cpp %t.report.o -o %t.noranks
// RUN: %t.noranks 2>&1 | FileCheck %s --check-prefix=NORANKS
// NORANKS: report: 2 calls
// CHECK:      2 constructed anonymous
// CHECK-NEXT: 2 constructed hidden
// CHECK-NEXT: 2 constructed solver
// CHECK-NEXT: 2 constructed visible
// CHECK-NEXT: 2 destroyed anonymous after 1 uses
// CHECK-NEXT: 2 destroyed hidden after 2 uses
// CHECK-NEXT: 2 destroyed solver after 3 uses
// CHECK-NEXT: 2 destroyed visible after 4 uses
// CHECK-NEXT: 1 hccsim: mode=simulate
// CHECK-NEXT: 1 rank 0 of 2
// CHECK-NEXT: 1 rank 1 of 2
// CHECK-NEXT: 1 report: 1 calls
// CHECK-NEXT: 1 report: 2 calls
// CHECK-NOT: report
#include <mpi.h>

#include <cstdio>
#include <string>

void count_call();

class Tracer {
 public:
  explicit Tracer(std::string name) : name_(std::move(name)) { std::printf("constructed %s\n", name_.c_str()); }
  ~Tracer() { std::printf("destroyed %s after %d uses\n", name_.c_str(), uses_); }
  void use() { ++uses_; }

 private:
  std::string name_;
  int uses_ = 0;
};

Tracer visible("visible");
static Tracer hidden{"hidden"};
namespace {
Tracer anonymous = Tracer("anonymous");
}
struct Solver {
  static Tracer tracer;
};
Tracer Solver::tracer("solver");

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  anonymous.use();
  for (int i = 0; i < 2; ++i) hidden.use();
  for (int i = 0; i < 3; ++i) Solver::tracer.use();
  for (int i = 0; i < 4; ++i) visible.use();
  for (int i = 0; i <= rank; ++i) count_call();
  std::printf("rank %d of %d\n", rank, size);
  MPI_Finalize();
  return 0;
}
