// A program that defines rand() itself keeps its own in a simulation, as it
// does in front of the C library natively (hccsim's per-rank generators,
// rt/backend/sim/sim_rank_random.cpp, are weak), and its state is
// privatised like its other variables: every rank draws the same numbers.
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: %hccsim-run -np 2 --platform laptop %t.sim 2>&1 | FileCheck %s
// CHECK-DAG: rank 0: 16838 5758 own
// CHECK-DAG: rank 1: 16838 5758 own
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long next = 1;
static int calls;

int rand(void) {
  ++calls;
  next = next * 1103515245 + 12345;
  return (int)((unsigned)(next / 65536) % 32768);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int a = rand();
  MPI_Barrier(MPI_COMM_WORLD);
  int b = rand();
  printf("rank %d: %d %d %s\n", rank, a, b, calls == 2 ? "own" : "C library's");
  MPI_Finalize();
  return 0;
}
