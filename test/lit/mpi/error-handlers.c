// An MPI call's error goes to its communicator's error handler, as
// natively: under MPI_ERRORS_ARE_FATAL (MPI_COMM_WORLD's by default) the
// simulation stops with one line, as mpirun stops the job; a handler of the
// program's is called; MPI_ERRORS_RETURN returns the code. The simulated
// program called SMPI's functions directly and went on after every error.
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: %hccsim-run -np 2 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s --check-prefix=HANDLED
// HANDLED: handler: MPI_ERR_RANK
// HANDLED-NEXT: after the handler: error class MPI_ERR_RANK
// HANDLED-NEXT: returned: error class MPI_ERR_TOPOLOGY
// RUN: not %hccsim-run -np 2 --platform cluster-64x16 %t.sim fatal 2>&1 | FileCheck %s --check-prefix=FATAL
// FATAL: hccsim: error: MPI_Send: MPI_ERR_RANK (rank 0, MPI_ERRORS_ARE_FATAL): the simulation stops there, no prediction
// FATAL-NOT: after
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static const char* class_of(int code) {
  int cls;
  MPI_Error_class(code, &cls);
  return cls == MPI_ERR_RANK ? "MPI_ERR_RANK" : cls == MPI_ERR_TOPOLOGY ? "MPI_ERR_TOPOLOGY" : "another";
}

static void handler(MPI_Comm* comm, int* code, ...) {
  (void)comm;
  printf("handler: %s\n", class_of(*code));
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, x = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (argc > 1 && strcmp(argv[1], "fatal") == 0) {
    if (rank == 0) MPI_Send(&x, 1, MPI_INT, 99, 0, MPI_COMM_WORLD);
    printf("after the error\n");
    MPI_Finalize();
    return 0;
  }
  if (rank == 0) {
    MPI_Comm self;
    MPI_Comm_dup(MPI_COMM_SELF, &self);
    MPI_Errhandler mine;
    MPI_Comm_create_errhandler(handler, &mine);
    MPI_Comm_set_errhandler(self, mine);
    int rc = MPI_Send(&x, 1, MPI_INT, 99, 0, self);
    printf("after the handler: error class %s\n", class_of(rc));
    MPI_Comm_set_errhandler(self, MPI_ERRORS_RETURN);
    int dims;
    rc = MPI_Cartdim_get(self, &dims);  // no Cartesian topology
    printf("returned: error class %s\n", class_of(rc));
    fflush(stdout);
  }
  MPI_Finalize();
  return 0;
}
