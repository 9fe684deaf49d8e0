// The matched probes of MPI-3 in a simulation (SMPI stops on them: "Not yet
// implemented"): rank 0 probes each message from any source with
// MPI_Mprobe, sizes its buffer from the status, and receives that message
// with MPI_Mrecv; MPI_Improbe finds nothing when nothing was sent, and
// MPI_Imrecv receives what MPI_Improbe found. OpenMPI prints the same.
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 4 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s
// CHECK: matched probes: 3 messages, total 210, all from their tag's rank
// CHECK: improbe with nothing sent: 0
// CHECK: improbe then imrecv: 3 doubles from rank 2
// CHECK: hccsim: mode=simulate
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double v[64];
  for (int i = 0; i < 64; ++i) v[i] = rank * 10 + i;
  if (rank != 0) {
    MPI_Send(v, rank + 1, MPI_DOUBLE, 0, 7 + rank, MPI_COMM_WORLD);
  } else {
    double total = 0;
    int right = 0;
    for (int k = 1; k < size; ++k) {
      MPI_Message message;
      MPI_Status status;
      int n;
      MPI_Mprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &message, &status);
      MPI_Get_count(&status, MPI_DOUBLE, &n);
      double in[64];
      MPI_Mrecv(in, n, MPI_DOUBLE, &message, &status);
      for (int i = 0; i < n; ++i) total += in[i];
      right += message == MPI_MESSAGE_NULL && status.MPI_TAG == 7 + status.MPI_SOURCE && n == status.MPI_SOURCE + 1;
    }
    printf("matched probes: %d messages, total %g, %s\n", size - 1, total,
           right == size - 1 ? "all from their tag's rank" : "WRONG");
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    int flag = 0;
    MPI_Message message;
    MPI_Status status;
    MPI_Improbe(MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, &flag, &message, &status);
    printf("improbe with nothing sent: %d\n", flag);
  }
  if (rank == 2) MPI_Send(v, 3, MPI_DOUBLE, 0, 5, MPI_COMM_WORLD);
  if (rank == 0) {
    int flag = 0, n;
    MPI_Message message;
    MPI_Status status;
    MPI_Request request;
    while (!flag) MPI_Improbe(MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, &flag, &message, &status);
    double in[8];
    MPI_Imrecv(in, 8, MPI_DOUBLE, &message, &request);
    MPI_Wait(&request, &status);
    MPI_Get_count(&status, MPI_DOUBLE, &n);
    printf("improbe then imrecv: %d doubles from rank %d\n", n, status.MPI_SOURCE);
  }
  MPI_Finalize();
  return 0;
}
