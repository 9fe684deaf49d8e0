// Receives from MPI_ANY_SOURCE on MPI_COMM_WORLD, as a master-worker program
// makes them: MPI_Recv with MPI_ANY_SOURCE and MPI_ANY_TAG, MPI_Iprobe
// polling while the master computes, MPI_Probe then a receive from the
// probed source, and the same on a communicator split from the world. The
// kernel matches such a receive on maestro, through the communicator's
// group: SMPI's placeholder MPI_COMM_WORLD crashed every one of them
// (segmentation fault) until a rank's MPI_Init made it the world
// communicator, as smpirun does.
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 3 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s
// RUN: %hccsim -fsimulate -O1 -DTHREAD %s -o %t.thread
// RUN: %hccsim-run -np 3 --platform cluster-64x16 %t.thread 2>&1 | FileCheck %s
// CHECK: recv any: sum=30 statuses=4
// CHECK: iprobe: 2 results, 1 polls or more, sum=60
// CHECK: probe: 10 from 1
// CHECK: split: 20 from 2
// CHECK: hccsim: mode=simulate
#include <mpi.h>
#include <stdio.h>

static double spin(int n) {
  volatile double s = 0;
  for (int i = 0; i < n; ++i) s += i * 0.5;
  return s;
}

int main(int argc, char **argv) {
#ifdef THREAD
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
#else
  MPI_Init(&argc, &argv);
#endif
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank == 0) {
    int sum = 0, tags = 0;
    for (int i = 1; i < size; ++i) {
      int v;
      MPI_Status st;
      MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
      sum += v;
      tags += st.MPI_TAG == st.MPI_SOURCE;
      tags += st.MPI_SOURCE == v / 10 ? 1 : 0;
    }
    printf("recv any: sum=%d statuses=%d\n", sum, tags);
    int results = 0, polls = 0, total = 0;
    while (results < size - 1) {
      int flag = 0;
      MPI_Status st;
      MPI_Iprobe(MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, &flag, &st);
      if (!flag) {
        ++polls;
        spin(1000);
        continue;
      }
      int v;
      MPI_Recv(&v, 1, MPI_INT, st.MPI_SOURCE, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      total += v;
      ++results;
    }
    printf("iprobe: %d results, %d polls or more, sum=%d\n", results, polls > 0, total);
  } else {
    int v = 10 * rank;
    MPI_Send(&v, 1, MPI_INT, 0, rank, MPI_COMM_WORLD);
    spin(100000 * rank);
    v = 20 * rank;
    MPI_Send(&v, 1, MPI_INT, 0, 7, MPI_COMM_WORLD);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    MPI_Status st;
    MPI_Probe(MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, &st);
    int v;
    MPI_Recv(&v, 1, MPI_INT, st.MPI_SOURCE, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("probe: %d from %d\n", v, st.MPI_SOURCE);
  } else if (rank == 1) {
    int v = 10;
    MPI_Send(&v, 1, MPI_INT, 0, 5, MPI_COMM_WORLD);
  }
  // Ranks 0 and 2 share a communicator (color 0) with rank 0 first.
  MPI_Comm even;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &even);
  if (rank == 0) {
    int v;
    MPI_Status st;
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, even, &st);
    printf("split: %d from %d\n", v, 2 * st.MPI_SOURCE);
  } else if (rank == 2) {
    int v = 20;
    MPI_Send(&v, 1, MPI_INT, 0, 0, even);
  }
  MPI_Comm_free(&even);
  MPI_Finalize();
  return 0;
}
