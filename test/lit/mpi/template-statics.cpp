// End to end, C++: the function-local statics of templates (a function
// template, a member function template, a class template's member function,
// a generic lambda) are each rank's, one per instantiation, as each
// process's natively: a counter per type counts the rank's calls, a pool of
// a class type is constructed on the rank's first pass and destroyed when
// the rank ends (before, every rank shared each instantiation's, with a
// warning). Natively the same program prints the same lines (mpirun, label
// mpi: not run here).
// RUN: %hccsim -fsimulate -std=c++17 -Wall -Werror %s -o %t.sim 2>&1 | FileCheck %s --allow-empty --check-prefix=BUILD
// BUILD-NOT: warning
// RUN: %hccsim-run -np 2 --platform local-2node %t.sim > %t.out 2>&1
// RUN: grep "^rank 0" %t.out | FileCheck %s --check-prefix=RANK0
// RUN: grep "^rank 1" %t.out | FileCheck %s --check-prefix=RANK1
// RUN: %hccsim -fnative -std=c++17 -Wall -Werror %s -o %t.native
#include <mpi.h>
#include <cstdio>
#include <string>
#include <vector>

static int rank_of_process = -1;  // privatised: each rank's

template <typename T> int count_calls() {
  static int calls = 0;  // bytes: trivially copyable, a constant initialiser
  return ++calls;
}

template <typename T> struct Pool {
  explicit Pool(const char *name) : name(name) { std::printf("rank %d constructs %s\n", rank_of_process, name); }
  ~Pool() { std::printf("rank %d destroys %s (%zu items)\n", rank_of_process, name, items.size()); }
  const char *name;
  std::vector<T> items;
};

template <typename T> Pool<T> &pool(const char *name) {
  static Pool<T> p(name);  // a class type: constructed on the rank's first pass
  return p;
}

template <typename T> T &first_seen(T v) {
  static T seen = v;  // a type and an initialiser that depend on T
  return seen;
}

struct Cache {
  template <typename K> static int hits(const K &) {
    static int n = 100;
    return ++n;
  }
};

template <typename T> struct Counter {
  int bump() {
    static int total = 0;
    return ++total;
  }
};

template <> int count_calls<float>() {  // an explicit specialisation: no template
  static int calls = 50;
  return ++calls;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  rank_of_process = rank;
  auto next = [](auto step) {
    static decltype(step) at = 0;
    return at += step;
  };
  for (int i = 0; i <= rank; ++i) {
    count_calls<int>();
    pool<double>("doubles").items.push_back(rank + i);
    next(1);
  }
  pool<int>("ints").items.push_back(rank);
  count_calls<char>();
  count_calls<float>();
  first_seen<int>(rank * 7);
  first_seen<std::string>("r" + std::to_string(rank));
  Cache::hits(std::string("x"));
  Counter<int> c;
  for (int i = 0; i < rank + 3; ++i) c.bump();
  std::printf("rank %d: int %d, char %d, float %d, first %d %s, hits %d %d, total %d, next %d %.1f\n", rank,
              count_calls<int>(), count_calls<char>(), count_calls<float>(), first_seen<int>(0),
              first_seen<std::string>("").c_str(), Cache::hits(std::string("y")), Cache::hits(1), c.bump(), next(0),
              next(0.5));
  MPI_Finalize();
  return 0;
}
// RANK0:      rank 0 constructs doubles
// RANK0-NEXT: rank 0 constructs ints
// RANK0-NEXT: rank 0: int 2, char 2, float 52, first 0 r0, hits 102 101, total 4, next 1 0.5
// RANK0-NEXT: rank 0 destroys ints (1 items)
// RANK0-NEXT: rank 0 destroys doubles (1 items)
// RANK1:      rank 1 constructs doubles
// RANK1-NEXT: rank 1 constructs ints
// RANK1-NEXT: rank 1: int 3, char 2, float 52, first 7 r1, hits 102 101, total 5, next 2 0.5
// RANK1-NEXT: rank 1 destroys ints (1 items)
// RANK1-NEXT: rank 1 destroys doubles (2 items)
