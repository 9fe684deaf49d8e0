// Globals declared without their bound (`extern double field[];`, as a
// header of a C library declares them), defined in another file or further
// down this one: each rank of a simulation still has its own copy, which
// starts as the definition's initialiser. The descriptor cannot say
// sizeof where the type is incomplete; the definition's registration does.
// A definition compiled without hccsim leaves the size unknown: one line.
// RUN: %hccsim -fsimulate -Wall -Werror %s %S/Inputs/unbounded-def.c -o %t.sim
// RUN: %hccsim-run -np 3 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s
// CHECK: 3 of 3 ranks read back their own values
// RUN: %clang -c %S/Inputs/unbounded-def.c -o %t.def.o
// RUN: %hccsim -fsimulate %s %t.def.o -o %t.plain
// RUN: not %hccsim-run -np 2 --platform cluster-64x16 %t.plain 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: unbounded-extern.cpp:{{[0-9]+}}: field: privatised, but declared without its size and defined in no file compiled with hccsim -fsimulate
#include <mpi.h>
#include <cstdio>

extern "C" {
extern double field[];
extern int steps;
}
extern int later[];

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int s = 0; s < steps; ++s)
    for (int i = 0; i < 4; ++i) field[i] += rank;
  for (int i = 0; i < 3; ++i) later[i] *= rank + 1;
  MPI_Barrier(MPI_COMM_WORLD);
  int ok = 1;
  for (int i = 0; i < 4; ++i) ok &= field[i] == 1.5 + i + 3.0 * rank;
  for (int i = 0; i < 3; ++i) ok &= later[i] == (10 + i) * (rank + 1);
  int all = 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) std::printf("%d of %d ranks read back their own values\n", all, size);
  MPI_Finalize();
  return all == size ? 0 : 1;
}

int later[3] = {10, 11, 12};
