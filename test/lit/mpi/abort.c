// MPI_Abort stops the simulation at once, as mpirun stops the job: one line
// naming the rank, its error code as the exit status, and what the program
// printed before it; no summary line (SMPI killed the ranks and the
// simulation reported them as a deadlock).
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: bash -c '%hccsim-run -np 3 --platform cluster-64x16 %t.sim > %t.out 2> %t.err; echo "status=$?" >> %t.out'
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// CHECK: before the abort
// CHECK: status=3
// ERR: hccsim: rank 1 called MPI_Abort with error code 3 at simulated time {{[0-9.]+}} s: the simulation stops there, no prediction
// ERR-NOT: deadlock
// ERR-NOT: hccsim: mode=simulate
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) printf("before the abort\n");
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) MPI_Abort(MPI_COMM_WORLD, 3);
  MPI_Barrier(MPI_COMM_WORLD);
  printf("rank %d never prints this\n", rank);
  MPI_Finalize();
  return 0;
}
