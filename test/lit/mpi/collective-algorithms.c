// SMPI's collective algorithms can be chosen on hccsim-run's command line,
// as with smpirun (its options are declared before --cfg is read): with
// recursive doubling, every rank applies the user's reduction operation.
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: %hccsim-run -np 4 --oversubscribe --platform laptop --cfg=smpi/allreduce:rdb %t.sim 2>&1 | FileCheck %s --check-prefix=RDB
// RDB-DAG: rank 0: sum 10 applied 1
// RDB-DAG: rank 1: sum 10 applied 1
// RDB-DAG: rank 2: sum 10 applied 1
// RDB-DAG: rank 3: sum 10 applied 1
// RUN: %hccsim-run -np 4 --oversubscribe --platform laptop --cfg=smpi/coll-selector:ompi %t.sim 2>&1 | FileCheck %s --check-prefix=OMPI
// OMPI: rank 0: sum 10 applied
// The selectors that mimic an MPI library start SMPI's node-aware algorithms,
// which find the ranks of each host: its runtime's workers are not among them.
// RUN: %hccsim-run -np 4 --platform cluster-64x16 --cfg=smpi/coll-selector:mpich %t.sim 2>&1 | FileCheck %s --check-prefix=NODES
// RUN: %hccsim-run -np 16 --platform cluster-64x16 --cfg=smpi/coll-selector:ompi %t.sim 2>&1 | FileCheck %s --check-prefix=NODES
// RUN: %hccsim-run -np 4 --platform cluster-64x16 --cfg=smpi/coll-selector:impi %t.sim 2>&1 | FileCheck %s --check-prefix=NODES
// NODES: rank 0: sum {{10|136}} applied
// mvapich2's two-level allreduce crashed here while MPI_COMM_WORLD was
// SMPI's placeholder (test/lit/mpi/any-source.c).
// RUN: %hccsim-run -np 4 --platform cluster-64x16 --cfg=smpi/coll-selector:mvapich2 %t.sim 2>&1 | FileCheck %s --check-prefix=NODES
// RUN: %hccsim-run -np 16 --platform cluster-64x16 --cfg=smpi/coll-selector:mvapich2 %t.sim 2>&1 | FileCheck %s --check-prefix=NODES
#include <mpi.h>
#include <stdio.h>

static int applied;

static void add(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)type;
  for (int i = 0; i < *len; i++) ((int *)inout)[i] += ((int *)in)[i];
  applied = 1;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, sum;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Op op;
  MPI_Op_create(add, 1, &op);
  int mine = rank + 1;
  MPI_Allreduce(&mine, &sum, 1, MPI_INT, op, MPI_COMM_WORLD);
  printf("rank %d: sum %d applied %d\n", rank, sum, applied);
  MPI_Op_free(&op);
  MPI_Finalize();
  return 0;
}
