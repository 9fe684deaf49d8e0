// MPI_Comm_idup, which SMPI lacks (it stopped the simulation, "Not yet
// implemented"): a duplicate, usable once its request is done. An
// intercommunicator, which SMPI has none of, stops the simulation with one
// line saying so (exit 1), the output printed before it kept.
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 4 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s
// RUN: not %hccsim-run -np 4 --platform cluster-64x16 %t.sim inter 2>&1 | FileCheck %s --check-prefix=INTER
// CHECK: idup sum 6 of 4 ranks, same 1
// CHECK-NEXT: hccsim: mode=simulate
// INTER: idup sum 6 of 4 ranks, same 1
// INTER: hccsim: error: MPI_Intercomm_create: intercommunicators are not simulated (SMPI has none): the simulation stops there, no prediction
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm copy;
  MPI_Request request;
  MPI_Comm_idup(MPI_COMM_WORLD, &copy, &request);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  int sum = 0, size = 0, same = 0;
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, copy);
  MPI_Comm_size(copy, &size);
  MPI_Comm_compare(MPI_COMM_WORLD, copy, &same);
  if (rank == 0) printf("idup sum %d of %d ranks, same %d\n", sum, size, same == MPI_CONGRUENT);
  MPI_Comm_free(&copy);
  if (argc > 1 && strcmp(argv[1], "inter") == 0) {
    MPI_Comm half, inter;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, rank % 2 ? 0 : 1, 7, &inter);
  }
  MPI_Finalize();
  return 0;
}
