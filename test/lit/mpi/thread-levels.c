// MPI_Init_thread answers the level asked for up to MPI_THREAD_SERIALIZED,
// MPI_Query_thread agrees; an MPI call made by a region's master (a worker
// actor, not the rank's main thread) is made for it (thread-calls.c).
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// A strict C standard builds too (SMPI's mpi.h needs POSIX types):
// RUN: %hccsim -fsimulate -std=c11 -O1 %s -o %t.c11
// RUN: %hccsim-run -np 2 --platform laptop %t.sim 1 2>&1 | FileCheck %s --check-prefix=FUNNELED
// FUNNELED: provided=1 query=1 halo=1,0
// RUN: %hccsim-run -np 2 --platform laptop %t.sim 3 2>&1 | FileCheck %s --check-prefix=MULTIPLE
// MULTIPLE: provided=2 query=2 halo=1,0
// RUN: %hccsim-run -np 2 --platform laptop %t.sim 0 2>&1 | FileCheck %s --check-prefix=SINGLE
// SINGLE: provided=0 query=0 halo=1,0
// RUN: %hccsim-run -np 2 --platform laptop %t.sim 1 inside 2>&1 | FileCheck %s --check-prefix=INSIDE
// INSIDE: provided=1 query=1 halo=1,0
// SMPI's options that hccsim's own accounting replaces are not taken silently:
// RUN: not %hccsim-run -np 2 --platform laptop --cfg=smpi/host-speed:1e9 %t.sim 1 2>&1 | FileCheck %s --check-prefix=SPEED
// SPEED: hccsim: error: --cfg=smpi/host-speed is not used by hccsim: set the platform host property hcc.speed_factor
// RUN: env HCC_SIM_BURSTS=off not %hccsim-run -np 2 --platform laptop --cfg=smpi/simulate-computation:yes %t.sim 1 2>&1 | FileCheck %s --check-prefix=CONTRA
// CONTRA: hccsim: error: --cfg=smpi/simulate-computation:yes contradicts HCC_SIM_BURSTS=off: give one of them
// RUN: %hccsim-run -np 2 --platform laptop --cfg=smpi/simulate-computation:no %t.sim 1 2>&1 | FileCheck %s --check-prefix=OFF
// OFF: bursts=0.000000
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int provided, query;
  MPI_Init_thread(&argc, &argv, atoi(argv[1]), &provided);
  MPI_Query_thread(&query);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int mine = rank, other = -1;
  if (argc > 2) {
#pragma omp parallel num_threads(2)
    {
#pragma omp master
      MPI_Sendrecv(&mine, 1, MPI_INT, 1 - rank, 0, &other, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  } else {
    MPI_Sendrecv(&mine, 1, MPI_INT, 1 - rank, 0, &other, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  if (rank == 0) printf("provided=%d query=%d halo=%d,%d\n", provided, query, other, mine);
  MPI_Finalize();
  return 0;
}
