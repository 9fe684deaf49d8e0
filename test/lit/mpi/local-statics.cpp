// End to end, C++: function-local statics with a class type or a dynamic
// initialiser (a singleton, a lookup table, a counter started from a
// function) are each rank's, as each process's natively: constructed the
// first time the rank's code passes their declaration, destroyed when the
// rank ends, the last constructed first (before, every rank shared one
// object, constructed by the first rank to call, with a warning). A
// constructor that throws leaves construction to the next pass; the team
// threads of a parallel region share their rank's. A file without MPI_Init
// (Inputs/start_counter.cpp) constructs its original at start-up, which no
// rank takes for its own, and which is not destroyed at the exit of a
// simulation of ranks. Natively the same program prints the same lines
// (mpirun, label mpi: not run here).
// RUN: %hccsim -fsimulate -std=c++17 -c %S/Inputs/start_counter.cpp -o %t.start.o
// RUN: %hccsim -fsimulate -std=c++17 -Wall -Werror %s %t.start.o -o %t.sim 2>&1 | FileCheck %s --allow-empty --check-prefix=BUILD
// BUILD-NOT: warning
// RUN: %hccsim-run -np 2 --platform local-2node %t.sim > %t.out 2>&1
// RUN: grep "^rank 0" %t.out | FileCheck %s --check-prefix=RANK0
// RUN: grep "^rank 1" %t.out | FileCheck %s --check-prefix=RANK1
// RUN: grep -c "start counter destroyed at 1001" %t.out | FileCheck %s --check-prefix=STARTED
// RUN: FileCheck %s --check-prefix=ORIGINAL < %t.out
// STARTED: 2
// ORIGINAL-NOT: start counter destroyed at 1000
// RUN: %hccsim -fnative -std=c++17 -Wall -Werror %s %S/Inputs/start_counter.cpp -o %t.native
#include <mpi.h>
#include <omp.h>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

static int rank_of_process = -1;  // privatised: each rank's

struct Tracer {
  explicit Tracer(std::string name) : name(std::move(name)) {
    std::printf("rank %d constructs %s\n", rank_of_process, this->name.c_str());
  }
  ~Tracer() { std::printf("rank %d destroys %s (%d hits)\n", rank_of_process, name.c_str(), hits); }
  std::string name;
  int hits = 0;
};

Tracer &registry() {
  static Tracer t("registry");
  return t;
}

int lookup(const std::string &key) {
  static const std::map<std::string, int> table = {{"one", 1}, {"two", 2}};
  return table.at(key);
}

int started_from(int base) {
  static int start = base * 10;  // a dynamic initialiser
  return start++;
}

int flaky_attempts = 0;
struct Flaky {
  Flaky() {
    if (++flaky_attempts == 1) throw std::runtime_error("first attempt");
  }
};

int flaky() {
  try {
    static Flaky f;
    (void)f;
    return 1;
  } catch (const std::runtime_error &) {
    return 0;
  }
}

int bump_start_counter();

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  rank_of_process = rank;
  {
    static Tracer first("first");
    first.hits += 1;
  }
  for (int i = 0; i <= rank; ++i) registry().hits += 1;
  int from = started_from(rank + 1);
  from = started_from(100);
  const int a = flaky(), b = flaky();
  const int started = bump_start_counter();
  int threads_hits = 0;
#pragma omp parallel num_threads(2) reduction(+ : threads_hits)
  {
#pragma omp critical
    threads_hits += ++registry().hits > 0;
  }
  std::printf("rank %d: registry %d hits, table %d, started %d, flaky %d%d after %d attempts, threads %d, sizeof %d, "
              "start counter %d\n",
              rank, registry().hits, lookup("two"), from, a, b, flaky_attempts, threads_hits,
              sizeof(registry()) == sizeof(Tracer), started);
  MPI_Finalize();
  return 0;
}
// RANK0:      rank 0 constructs first
// RANK0-NEXT: rank 0 constructs registry
// RANK0-NEXT: rank 0: registry 3 hits, table 2, started 11, flaky 01 after 2 attempts, threads 2, sizeof 1, start counter 1001
// RANK0-NEXT: rank 0 destroys registry (3 hits)
// RANK0-NEXT: rank 0 destroys first (1 hits)
// RANK1:      rank 1 constructs first
// RANK1-NEXT: rank 1 constructs registry
// RANK1-NEXT: rank 1: registry 4 hits, table 2, started 21, flaky 01 after 2 attempts, threads 2, sizeof 1, start counter 1001
// RANK1-NEXT: rank 1 destroys registry (4 hits)
// RANK1-NEXT: rank 1 destroys first (1 hits)
