// End to end, C++: each rank runs the dynamic initialisers of its own
// copies once, in declaration order within the file (first == 1 and
// second == 2 in every rank, and two Counted objects constructed per rank),
// before main; class statics, a namespace's globals and objects are per
// rank (each rank writes its own values into them and reads them back); the
// original definitions' initialisers do not run at start-up (make_label
// prints once per rank, not once more).
// RUN: %hccsim -fsimulate -std=c++17 -Wall -Werror %s -o %t.sim
// RUN: %hccsim-run -np 4 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s
// CHECK-COUNT-4: make_label
// CHECK-NOT: make_label
// CHECK: 4 of 4 ranks initialised their own copies in order
// CHECK: ranks=4
#include <mpi.h>

#include <cstdio>
#include <string>
#include <vector>

namespace counters {
int order = 0;
int first = ++order;
int second = ++order;
}  // namespace counters

struct Counted {
  static int constructed;
  std::vector<int> values;
  Counted() { ++constructed; }
};
int Counted::constructed = 0;
Counted one, two;

std::string make_label() {
  std::puts("make_label");
  return "rank";
}
std::string label = make_label();

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int first = counters::first, second = counters::second, constructed = Counted::constructed;
  label += std::to_string(rank);
  one.values.push_back(rank);
  counters::order += 100 * rank;
  Counted::constructed += 1000 * rank;
  MPI_Barrier(MPI_COMM_WORLD);
  const int ok = first == 1 && second == 2 && constructed == 2 && counters::order == 2 + 100 * rank &&
                 Counted::constructed == 2 + 1000 * rank && label == "rank" + std::to_string(rank) &&
                 one.values.size() == 1 && one.values[0] == rank;
  int all = 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) std::printf("%d of %d ranks initialised their own copies in order\n", all, size);
  MPI_Finalize();
  return all == size ? 0 : 1;
}
