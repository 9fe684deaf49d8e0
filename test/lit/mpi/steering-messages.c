// A loop whose results reach, through MPI calls, what a loop of the program
// goes round by runs in a simulation even under HCC_SIM_LOOPS=model: counts
// exchanged by MPI_Alltoall that bound a loop, a count sent by MPI_Send and
// received by MPI_Recv that bounds another. A loop whose result is only
// reduced and printed, or sent as doubles where only ints received steer,
// is charged its model. Modelled, the first two would
// leave their counts at 0, and the simulated program would go round its
// loops 0 times where the native one goes round 1,000 and 667 times.
// RUN: %hccsim -fsimulate -Rhcc -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: rm -rf %t.m && mkdir %t.m
// RUN: echo '{"schema_version":1,"kernel":"loop:steering-messages.c:40","arch":"cpu","entries":[{"footprint":"0x0000000000000001","size_bytes":0,"count":1,"mean":1e-3,"m2":0,"min":1e-3,"max":1e-3,"samples":[1e-3]}]}' > %t.m/loop_steering-messages.c_40.cpu.json
// RUN: echo '{"schema_version":1,"kernel":"loop:steering-messages.c:53","arch":"cpu","entries":[{"footprint":"0x0000000000000001","size_bytes":0,"count":1,"mean":1e-3,"m2":0,"min":1e-3,"max":1e-3,"samples":[1e-3]}]}' > %t.m/loop_steering-messages.c_53.cpu.json
// RUN: echo '{"schema_version":1,"kernel":"loop:steering-messages.c:64","arch":"cpu","entries":[{"footprint":"0x0000000000000001","size_bytes":0,"count":1,"mean":1e-3,"m2":0,"min":1e-3,"max":1e-3,"samples":[1e-3]}]}' > %t.m/loop_steering-messages.c_64.cpu.json
// RUN: echo '{"schema_version":1,"kernel":"loop:steering-messages.c:72","arch":"cpu","entries":[{"footprint":"0x0000000000000001","size_bytes":0,"count":1,"mean":1e-3,"m2":0,"min":1e-3,"max":1e-3,"samples":[1e-3]}]}' > %t.m/loop_steering-messages.c_72.cpu.json
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: env HCC_MODEL_DIR=%t.m HCC_SIM_LOOPS=model %hccsim-run -np 2 --platform local-2node %t.sim 2>&1 | FileCheck %s
// CHECK-DAG: rank 0: total 1000 visited 499500 rounds 0
// CHECK-DAG: rank 1: total 1000 visited 499500 rounds 667
// The last two loops alone are charged their models, 1 ms per unit of their
// work of 2,000 (the two others, modelled, would add 5 s):
// CHECK-DAG: makespan=4.00{{[0-9]+}} 
#include <mpi.h>
#include <stdio.h>

#define N 1000
static double x[N];

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size > 8) {
    MPI_Finalize();
    return 1;
  }

  /* The counts each rank sends: the received ones bound a loop. */
  int sendcounts[8] = {0}, recvcounts[8];
  for (int i = 0; i < N; i++) {
// REMARK: steering-messages.c:[[@LINE-1]]:{{[0-9]+}}: remark: hccsim: loop nest 'loop:steering-messages.c:[[@LINE-1]]' runs in simulation
    for (int k = 0; k < 3; k++) x[i] = x[i] * 0.5 + i + k;
    sendcounts[i % size]++;
  }
  MPI_Alltoall(sendcounts, 1, MPI_INT, recvcounts, 1, MPI_INT, MPI_COMM_WORLD);
  int total = 0;
  for (int r = 0; r < size; r++) total += recvcounts[r];
  long visited = 0;
  for (int i = 0; i < total; i++) visited += i;

  /* A count rank 0 sends to rank 1, which goes round by it. */
  int steps[1] = {0};
  for (int i = 0; i < N; i++)
// REMARK: steering-messages.c:[[@LINE-1]]:{{[0-9]+}}: remark: hccsim: loop nest 'loop:steering-messages.c:[[@LINE-1]]' runs in simulation
    for (int k = 0; k < 2; k++) steps[0] += (i + k) % 3 == 0;
  int got = 0;
  if (rank == 0 && size > 1) MPI_Send(steps, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  if (rank == 1) MPI_Recv(&got, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  long rounds = 0;
  while (got-- > 0) rounds++;

  /* Only reduced and printed: modelled. */
  double local = 0, sum = 0;
  for (int i = 0; i < N; i++)
// REMARK: steering-messages.c:[[@LINE-1]]:{{[0-9]+}}: remark: hccsim: loop nest 'loop:steering-messages.c:[[@LINE-1]]' (work
    for (int k = 0; k < 2; k++) local += x[i] * k;
  MPI_Allreduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);

  /* Doubles sent to the next rank: no int received holds them (a send
     reached every receive of any datatype, and this loop steered). */
  double edge[1] = {0}, far = 0;
  for (int i = 0; i < N; i++)
// REMARK: steering-messages.c:[[@LINE-1]]:{{[0-9]+}}: remark: hccsim: loop nest 'loop:steering-messages.c:[[@LINE-1]]' (work
    for (int k = 0; k < 2; k++) edge[0] += x[i] * k;
  MPI_Sendrecv(edge, 1, MPI_DOUBLE, (rank + 1) % size, 1, &far, 1, MPI_DOUBLE, (rank + size - 1) % size, 1,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  printf("rank %d: total %d visited %ld rounds %ld\n", rank, total, visited, rounds);
  MPI_Finalize();
  return 0;
}
// REMARK-NOT: runs in simulation
