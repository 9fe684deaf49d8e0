// The code between two MPI calls is charged when it lasts at least SMPI's
// smpi/cpu-threshold (1 us unless --cfg sets it), as SMPI charges it: a
// loop of MPI calls with a fraction of a microsecond between them costs
// (next to) nothing, a long computation before an MPI call is charged
// whatever the threshold but -1. MPI_Wtime's own cost (smpi/wtime) is 0
// here, so that the short phase's time is its bursts alone.
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 2 --platform laptop --cfg=smpi/wtime:0 %t.sim 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: short=free long=charged
// RUN: %hccsim-run -np 2 --platform laptop --cfg=smpi/wtime:0 --cfg=smpi/cpu-threshold:0 %t.sim 2>&1 | FileCheck %s --check-prefix=EVERY
// EVERY: short=charged long=charged
// RUN: %hccsim-run -np 2 --platform laptop --cfg=smpi/wtime:0 --cfg=smpi/cpu-threshold:-1 %t.sim 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: short=free long=free
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Barrier(MPI_COMM_WORLD);
  /* 20,000 MPI calls with about 0.2 us of computation between them: 3 ms
   * or more in all when charged, a few bursts an interrupt made longer than
   * the threshold otherwise. */
  volatile double x = 0;
  const double start = MPI_Wtime();
  double last = start;
  for (int i = 0; i < 20000; ++i) {
    for (int k = 0; k < 50; ++k) x += 1e-9 * k;
    last = MPI_Wtime();
  }
  const double short_phase = last - start;
  /* Tens of milliseconds of computation, then an MPI call. */
  for (int i = 0; i < 20000000; ++i) x += 1e-9 * i;
  const double before = MPI_Wtime();
  const double long_phase = before - last;
  if (rank == 0) printf("short=%s long=%s\n", short_phase > 1e-3 ? "charged" : "free", long_phase > 1e-3 ? "charged" : "free");
  MPI_Finalize();
  return 0;
}
