// Each simulated rank runs the handlers its program registered with
// atexit() on its own copies of the globals, as each process does natively
// (they ran once per rank at the simulation's process exit, reading the
// originals); exit() after MPI_Finalize ends the rank's main with its
// status, and the run keeps its summary.
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: bash -c '%hccsim-run -np 2 --platform local-2node %t.sim > %t.out 2> %t.err; echo "status=$?" >> %t.out'
// RUN: sort %t.out | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// CHECK: handler of rank 0 after 1 messages
// CHECK-NEXT: handler of rank 1 after 1 messages
// CHECK-NEXT: status=0
// ERR-NOT: Skipping cleanups
// ERR: hccsim: mode=simulate makespan=
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int rank = -1, messages = 0;

static void handler(void) { printf("handler of rank %d after %d messages\n", rank, messages); }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  atexit(handler);
  int token = rank;
  MPI_Sendrecv_replace(&token, 1, MPI_INT, 1 - rank, 0, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  messages += token == 1 - rank;
  MPI_Finalize();
  exit(EXIT_SUCCESS);
}
