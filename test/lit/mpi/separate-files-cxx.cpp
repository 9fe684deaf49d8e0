// C++ files compiled on their own with hccsim -fsimulate are privatised,
// and their link does not say otherwise: C++ mangles the name of the marker
// that says a file was (a static variable's), and the link warned that every
// rank of a simulation shared an HPCCG-like program's global timing array
// defined in one file and used in another.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hccsim -fsimulate -c %S/Inputs/rank_timers.cpp -o %t/rank_timers.o
// RUN: %hccsim -fsimulate -c %s -o %t/main.o
// RUN: %hccsim -fsimulate %t/main.o %t/rank_timers.o -o %t/timers.sim 2>&1 | FileCheck %s --allow-empty --check-prefix=LINK
// LINK-NOT: warning
// RUN: %hccsim-run -np 2 --platform local-2node %t/timers.sim 2>&1 | FileCheck %s
// An object compiled by clang++ alone is still named.
// RUN: %clangxx -c %S/Inputs/rank_timers.cpp -o %t/plain.o
// RUN: %hccsim -fsimulate %t/main.o %t/plain.o -o %t/plain.sim 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: hccsim: warning: {{.*}}plain.o was not compiled with hccsim -fsimulate: every rank of a simulation shares its variables calls, times (compile it with hccsim -fsimulate)
// Natively, C++ objects whose names do not say so link as C++, with
// OpenMPI's C++ bindings (mpi.h declares them; this unoptimised build
// emits their vtables): with clang and mpicc's flags they did not link.
// RUN: %hccsim -fnative -c %S/Inputs/rank_timers.cpp -o %t/rank_timers-native.o
// RUN: %hccsim -fnative -c %s -o %t/main-native.o
// RUN: %hccsim -fnative %t/main-native.o %t/rank_timers-native.o -o %t/timers.native
// RUN: %hccsim -fnative %s %S/Inputs/rank_timers.cpp -o %t/timers-sources.native
// CHECK: rank 0: times[1]=1 calls=1
// CHECK: rank 1: times[1]=2 calls=2
#include <mpi.h>
#include <cstdio>

extern double times[4];
extern int calls;
void add_time(int which, double seconds);

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i <= rank; ++i) add_time(1, 1.0);
  MPI_Barrier(MPI_COMM_WORLD);
  for (int r = 0; r < 2; ++r) {
    if (r == rank) std::printf("rank %d: times[1]=%g calls=%d\n", rank, times[1], calls);
    std::fflush(stdout);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
