// A rank's processor time (clock(), and clock_gettime's
// CLOCK_PROCESS_CPUTIME_ID, which the C library's clock() reads) is what
// its own work took, as natively where a rank is a process: the real clock
// of the simulation's process also holds the other ranks' work. Each rank
// spins 0.05 s of its thread's CPU time between two barriers.
// ALLOW_RETRIES: 2
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 2 --platform laptop %t.sim 2>&1 | FileCheck %s
// CHECK-DAG: rank 0: clock ok process ok
// CHECK-DAG: rank 1: clock ok process ok
#include <mpi.h>
#include <stdio.h>
#include <time.h>

static double seconds(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static const char *verdict(double took) { return took >= 0.05 && took < 0.075 ? "ok" : "WRONG"; }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Barrier(MPI_COMM_WORLD);
  const clock_t c0 = clock();
  const double p0 = seconds(CLOCK_PROCESS_CPUTIME_ID);
  const double end = seconds(CLOCK_THREAD_CPUTIME_ID) + 0.05;
  while (seconds(CLOCK_THREAD_CPUTIME_ID) < end) {
  }
  MPI_Barrier(MPI_COMM_WORLD);
  const double process = seconds(CLOCK_PROCESS_CPUTIME_ID) - p0;
  const double clocked = (double)(clock() - c0) / CLOCKS_PER_SEC;
  printf("rank %d: clock %s process %s (%.4f %.4f)\n", rank, verdict(clocked), verdict(process), clocked, process);
  MPI_Finalize();
  return 0;
}
