// Accumulate functions into a derived target datatype (a vector of ints):
// hccsim resizes each derived type to step by its extent, SMPI's resized
// type is a struct with MPI_LB and MPI_UB markers, and SMPI's accumulate
// applied the operation to them ("Failed to apply SUM_OP to type MPI_LB",
// the simulation aborted). MPI_Rget_accumulate's request: SMPI never set
// it (MPI_Wait read what the variable held, and crashed). The CHECK lines
// are OpenMPI 4.1's output.
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 4 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s
// CHECK-DAG: rank 0 window: 0 4 0 6 0 400 0 0 0 0 0 0 0 0 0 0
// CHECK-DAG: rank 1 window: 1 0 2 0 100 2 0 20 0 1000 0 0 0 0 0 0
// CHECK: rank 0 got -1 -1 -1 -1 -1 -1
// CHECK-NEXT: rank 1 got -1 -1 -1 -1 -1 -1
// CHECK-NEXT: rank 2 got 0 0 0 0 0 0
// CHECK-NEXT: rank 3 got -1 -1 -1 -1 -1 -1
// CHECK-NEXT: hccsim: mode=simulate
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int* window;
  MPI_Win win;
  MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
  for (int i = 0; i < 16; i++) window[i] = 0;
  MPI_Datatype every_other;
  MPI_Type_vector(3, 1, 2, MPI_INT, &every_other);
  MPI_Type_commit(&every_other);
  int add[6] = {1, rank, 100, 2, 10 * rank, 1000};
  int before[6] = {-1, -1, -1, -1, -1, -1};
  MPI_Win_fence(0, win);
  MPI_Accumulate(add, 3, MPI_INT, 0, 1, 1, every_other, MPI_SUM, win);
  MPI_Win_fence(0, win);
  if (rank == 2) {
    MPI_Request request;
    MPI_Rget_accumulate(add, 6, MPI_INT, before, 6, MPI_INT, 1, 0, 2, every_other, MPI_MAX, win, &request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
  }
  MPI_Win_fence(0, win);
  int all[6 * 16];
  MPI_Gather(before, 6, MPI_INT, all, 6, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank <= 1) {
    printf("rank %d window:", rank);
    for (int i = 0; i < 16; i++) printf(" %d", window[i]);
    printf("\n");
    fflush(stdout);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0)
    for (int r = 0; r < size; r++)
      printf("rank %d got %d %d %d %d %d %d\n", r, all[6 * r], all[6 * r + 1], all[6 * r + 2], all[6 * r + 3],
             all[6 * r + 4], all[6 * r + 5]);
  MPI_Type_free(&every_other);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
