// A source that includes mpi.h only through a header of its own (LULESH's
// lulesh.h, under `#if USE_MPI`) compiles as with mpicc: the MPI headers are
// found (after the program's own include directories), and the objects that
// call MPI make the link an MPI program's, whether compiled with it or
// before. Without USE_MPI the same source is no MPI program.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hccsim -fsimulate -DUSE_MPI=1 -I%S/Inputs %s -o %t/one-step.sim
// RUN: %hccsim-run -np 2 --platform local-2node %t/one-step.sim 2>&1 | FileCheck %s
// RUN: %hccsim -fsimulate -DUSE_MPI=1 -I%S/Inputs -c %s -o %t/main.o
// RUN: %hccsim -fsimulate %t/main.o -o %t/two-steps.sim
// RUN: %hccsim-run -np 2 --platform local-2node %t/two-steps.sim 2>&1 | FileCheck %s
// CHECK-DAG: rank 0 of 2
// CHECK-DAG: rank 1 of 2
// CHECK: ranks=2
// RUN: %hccsim -fnative -DUSE_MPI=1 -I%S/Inputs %s -o %t/mpi.native
// RUN: llvm-readelf-19 -d %t/mpi.native | FileCheck %s --check-prefix=MPI
// MPI: libmpi.so
// RUN: %hccsim -fnative -I%S/Inputs %s -o %t/serial.native
// RUN: llvm-readelf-19 -d %t/serial.native | FileCheck %s --check-prefix=SERIAL
// SERIAL-NOT: libmpi
// RUN: %t/serial.native | FileCheck %s --check-prefix=RUN-SERIAL
// RUN-SERIAL: rank 0 of 1
#include <stdio.h>

#include "app_config.h"

int main(int argc, char **argv) {
  int rank = 0, size = 1;
#if USE_MPI
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
#endif
  printf("rank %d of %d\n", rank, size);
#if USE_MPI
  MPI_Finalize();
#endif
  return 0;
}
