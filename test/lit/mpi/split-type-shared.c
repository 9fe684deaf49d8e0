// MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) groups the ranks placed on one
// host, as the node-local rank that hybrid programs bind threads or GPUs by;
// the rank's runtime workers, actors on the same host, are not ranks.
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: printf 'node-0 slots=3\nnode-1 slots=2\n' > %t.hosts
// RUN: %hccsim-run -np 5 --platform cluster-64x16 -hostfile %t.hosts %t.sim 2>&1 | FileCheck %s
// CHECK-DAG: rank 0: local 0 of 3, local sum 3
// CHECK-DAG: rank 1: local 1 of 3, local sum 3
// CHECK-DAG: rank 2: local 2 of 3, local sum 3
// CHECK-DAG: rank 3: local 0 of 2, local sum 1
// CHECK-DAG: rank 4: local 1 of 2, local sum 1
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  int local, count, sum = 0;
  MPI_Comm_rank(node, &local);
  MPI_Comm_size(node, &count);
  MPI_Allreduce(&local, &sum, 1, MPI_INT, MPI_SUM, node);
  printf("rank %d: local %d of %d, local sum %d\n", rank, local, count, sum);
  MPI_Comm_free(&node);
  MPI_Finalize();
  return 0;
}
