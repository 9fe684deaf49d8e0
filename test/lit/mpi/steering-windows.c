// One-sided communication steers too: a loop that fills the memory of an
// MPI window, which another rank reads with MPI_Get into the bound of a
// loop, runs in simulation under HCC_SIM_LOOPS=model. A window's memory was
// only ever a receive buffer, so the loop was modelled and the reader went
// round another number of times than natively.
// RUN: %hccsim -fsimulate -Rhcc -c %s -o %t.o 2>&1 | FileCheck %s
#include <mpi.h>

#define N 1000
static int counts[4];

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win win;
  MPI_Win_create(counts, sizeof counts, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  for (int i = 0; i < N; i++)
// CHECK: steering-windows.c:[[@LINE-1]]:{{[0-9]+}}: remark: hccsim: loop nest 'loop:steering-windows.c:[[@LINE-1]]' runs in simulation
    for (int k = 0; k < 2; k++) counts[(i + k) % 4] += 1;
  MPI_Win_fence(0, win);
  int got[4];
  MPI_Get(got, 4, MPI_INT, (rank + 1) % 2, 0, 4, MPI_INT, win);
  MPI_Win_fence(0, win);
  long rounds = 0;
  while (got[0]-- > 0) ++rounds;
  MPI_Win_free(&win);
  MPI_Finalize();
  return rounds > 0 ? 0 : 1;
}
