// Shapes of MPICH's own tests that passed under OpenMPI and failed
// simulated: an MPI_Comm_idup that does not block (rank 1 starts its idup
// and sends to rank 0, which starts its own only after that receipt: a
// deadlock when the duplicate was made at once); a persistent send whose
// derived type the program freed right after MPI_Send_init (each MPI_Start
// failed with MPI_ERR_TYPE); an MPI_Alltoallv whose receive type has no
// bytes (SIGFPE in SMPI once the type was resized to step by its extent).
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 2 --platform local-2node %t.sim 2>&1 | FileCheck %s
// CHECK-DAG: rank 0: idup 1 persistent 10 11 12 empty type 0
// CHECK-DAG: rank 1: idup 1 persistent 10 11 12 empty type 0
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);

  int token[2] = {1, 2};
  MPI_Comm copy;
  MPI_Request dup;
  if (rank == 0) {
    MPI_Recv(token, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Comm_idup(MPI_COMM_WORLD, &copy, &dup);
  } else {
    MPI_Comm_idup(MPI_COMM_WORLD, &copy, &dup);
    MPI_Ssend(token, 2, MPI_INT, 0, 0, MPI_COMM_WORLD);
  }
  MPI_Wait(&dup, MPI_STATUS_IGNORE);
  int one = 1, ranks = 0;
  MPI_Allreduce(&one, &ranks, 1, MPI_INT, MPI_SUM, copy);
  MPI_Comm_free(&copy);

  MPI_Datatype pair;
  MPI_Type_contiguous(2, MPI_INT, &pair);
  MPI_Type_commit(&pair);
  int value[2] = {0, 0}, seen[3] = {0, 0, 0};
  MPI_Request persistent;
  if (rank == 0) MPI_Send_init(value, 1, pair, 1, 7, MPI_COMM_WORLD, &persistent);
  else MPI_Recv_init(value, 1, pair, 0, 7, MPI_COMM_WORLD, &persistent);
  MPI_Type_free(&pair);
  for (int i = 0; i < 3; i++) {
    if (rank == 0) value[0] = value[1] = 10 + i;
    MPI_Start(&persistent);
    MPI_Wait(&persistent, MPI_STATUS_IGNORE);
    seen[i] = value[0] == value[1] ? value[0] : -1;
  }
  MPI_Request_free(&persistent);

  MPI_Datatype empty;
  MPI_Type_contiguous(0, MPI_INT, &empty);
  MPI_Type_commit(&empty);
  int sendbuf[2] = {5, 5}, recvbuf[2] = {0, 0}, counts[2] = {1, 1}, zeros[2] = {0, 0}, displs[2] = {0, 0};
  MPI_Alltoallv(sendbuf, zeros, displs, MPI_INT, recvbuf, counts, displs, empty, MPI_COMM_WORLD);
  MPI_Type_free(&empty);

  printf("rank %d: idup %d persistent %d %d %d empty type %d\n", rank, ranks == 2, seen[0], seen[1], seen[2],
         recvbuf[0] + recvbuf[1]);
  MPI_Finalize();
  return 0;
}
