// Two ranks whose OpenMP reductions and critical sections use the lock word
// clang emits (a global all ranks share): each rank's threads lock their
// own (simulated ranks used to deadlock, silently, when a burst let the
// other rank run while one held it). And a program whose ranks all wait: a
// clear error and exit status 1, not a prediction.
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 2 --platform laptop %t.sim 2>&1 | FileCheck %s
// CHECK: sum=19980000.000000 critical=200
// CHECK: hccsim: mode=simulate {{.*}} ranks=2 bursts=
// RUN: %hccsim -fsimulate -O1 -DDEADLOCK %s -o %t.dead
// RUN: not %hccsim-run -np 2 --platform laptop %t.dead 2>&1 | FileCheck %s --check-prefix=DEAD
// DEAD: hccsim: error: the simulation stopped at {{[0-9.]+}} s with 2 of 2 ranks still waiting (a deadlock: every rank and thread waits for another); no prediction
// DEAD-NOT: hccsim: mode=simulate
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifdef DEADLOCK
  double x;
  MPI_Recv(&x, 1, MPI_DOUBLE, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
  double sum = 0;
  int critical = 0;
  for (int step = 0; step < 20; ++step) {
#pragma omp parallel for reduction(+ : sum)
    for (int i = 0; i < 1000; ++i) sum += i;
#pragma omp parallel
    {
#pragma omp critical
      critical += 5;
    }
  }
  double total;
  int criticals;
  MPI_Reduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(&critical, &criticals, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("sum=%.6f critical=%d\n", total, criticals);
#endif
  MPI_Finalize();
  return 0;
}
