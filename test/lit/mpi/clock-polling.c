// Loops that poll a clock until some time has passed (MPICH's
// pt2pt/bsendpending, a benchmark's warm-up) go round about as often as
// natively: each read of the clock costs the program its native read (20-30
// ns here; a simulation charged nothing for it, and such loops went round
// five times as often), and MPI_Wtime and the C library's clocks read the
// simulated clock plus the caller's owed time without a simcall (3.7 us of
// real time a read). 10 ns a read at least: at most 1,000 reads a 10 us.
// ALLOW_RETRIES: 2
// RUN: %hccsim -fsimulate -fopenmp -O1 %s -o %t.sim
// RUN: %hccsim-run -np 2 --platform local-2node %t.sim 2>&1 | FileCheck %s
// CHECK-DAG: rank 0: MPI_Wtime ok omp_get_wtime ok clock_gettime ok
// CHECK-DAG: rank 1: MPI_Wtime ok omp_get_wtime ok clock_gettime ok
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <time.h>

#define WINDOW 0.01

static double monotonic(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static const char *verdict(long reads) { return reads > 10 && reads <= WINDOW / 10e-9 ? "ok" : "WRONG"; }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  long mpi = 0, omp = 0, libc = 0;
  const double t0 = MPI_Wtime();
  while (MPI_Wtime() - t0 < WINDOW) mpi++;
  const double t1 = omp_get_wtime();
  while (omp_get_wtime() - t1 < WINDOW) omp++;
  const double t2 = monotonic();
  while (monotonic() - t2 < WINDOW) libc++;
  printf("rank %d: MPI_Wtime %s omp_get_wtime %s clock_gettime %s (%ld %ld %ld)\n", rank, verdict(mpi), verdict(omp),
         verdict(libc), mpi, omp, libc);
  MPI_Finalize();
  return 0;
}
