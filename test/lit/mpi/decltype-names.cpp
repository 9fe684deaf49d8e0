// decltype of a privatised name is its declared type, as natively, where
// the rewrite declares the name as a reference to its storage (a
// function-local static each rank constructs, an internal class object
// whose original is left unconstructed): `decltype(table)::const_iterator`
// did not compile, and `decltype(hist) copy = hist;` bound a reference to
// the rank's copy instead of copying it. decltype((name)), a reference
// natively too, stays one.
// RUN: %hccsim -fsimulate -std=c++17 -Wall -Werror %s -o %t.sim
// RUN: %hccsim-run -np 2 --platform local-2node %t.sim 2>&1 | FileCheck %s
// RUN: %hccsim -fnative -std=c++17 -Wall -Werror %s -o %t.native
// CHECK-DAG: rank 0: lookup 2, hist 1 copy 100, tally 7 alias 8
// CHECK-DAG: rank 1: lookup 2, hist 1 copy 101, tally 7 alias 8
#include <mpi.h>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

static std::vector<int> hist(3, 1);

int lookup(const std::string &key) {
  static const std::map<std::string, int> table = {{"a", 1}, {"b", 2}};
  decltype(table)::const_iterator it = table.find(key);
  return it == table.end() ? -1 : it->second;
}

std::vector<int> &tally() {
  static std::vector<int> counts(1, 7);
  decltype(counts) copy = counts;  // a copy
  copy[0] = -1;
  decltype((counts)) alias = counts;  // a reference
  (void)alias;
  return counts;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  decltype(hist) copy = hist;
  copy[0] = 100 + rank;
  const int tallied = tally()[0];
  decltype((hist)) alias = hist;
  alias[1] = 8;
  std::printf("rank %d: lookup %d, hist %d copy %d, tally %d alias %d\n", rank, lookup("b"), hist[0], copy[0], tallied,
              hist[1]);
  MPI_Finalize();
  return 0;
}
