// The code before an MPI call is charged when it lasts at least SMPI's
// smpi/cpu-threshold (1 us unless --cfg sets it), as SMPI charges it: a
// fraction of a microsecond between blocking calls costs nothing (what it
// would measure is mostly the simulator's return path). The code between
// two reads of the clock (MPI_Wtime) is charged however short, so that a
// loop polling the clock sees its own time pass; a long computation is
// charged whatever the threshold but -1 (nothing is). MPI_Wtime's own cost
// (smpi/wtime) is 0 here, so that the polling phase's time is its bursts
// alone.
// The default threshold's run does not check the short bursts: on a loaded
// machine (the project's CI) the simulator's return path alone comes near
// 1 us, and 0.1 us of work pushed enough bursts over it that the median of
// ten runs was charged. A threshold of 50 us checks that short bursts are
// free with a margin only a preempted burst crosses.
// ALLOW_RETRIES: 2
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 2 --platform laptop --cfg=smpi/wtime:0 %t.sim 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: blocking={{free|charged}} clock=charged long=charged
// RUN: %hccsim-run -np 2 --platform laptop --cfg=smpi/wtime:0 --cfg=smpi/cpu-threshold:5e-5 %t.sim 2>&1 | FileCheck %s --check-prefix=WIDE
// WIDE: blocking=free clock=charged long=charged
// RUN: %hccsim-run -np 2 --platform laptop --cfg=smpi/wtime:0 --cfg=smpi/cpu-threshold:0 %t.sim 2>&1 | FileCheck %s --check-prefix=EVERY
// EVERY: blocking=charged clock=charged long=charged
// RUN: %hccsim-run -np 2 --platform laptop --cfg=smpi/wtime:0 --cfg=smpi/cpu-threshold:-1 %t.sim 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: blocking=free clock=free long=free
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { kCalls = 40000, kExchanges = 4000, kRepeats = 10 };
static volatile double x = 0;

/* About 0.1 us of computation. */
static void little_work(void) {
  for (int k = 0; k < 25; ++k) x += 1e-9 * k;
}

/* kExchanges empty messages exchanged with the other rank, with or without
 * a little work before each: the simulated time they take. */
static double exchanges(int rank, int work) {
  const double start = MPI_Wtime();
  for (int i = 0; i < kExchanges; ++i) {
    if (work) little_work();
    MPI_Sendrecv(NULL, 0, MPI_BYTE, 1 - rank, 0, NULL, 0, MPI_BYTE, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  return MPI_Wtime() - start;
}

/* A little work then a read of the clock, kCalls times. */
static double polls(void) {
  const double start = MPI_Wtime();
  double end = start;
  for (int i = 0; i < kCalls; ++i) {
    little_work();
    end = MPI_Wtime();
  }
  return end - start;
}

/* 2 ms or more when the little work of kCalls bursts is charged (0.2 ms or
 * more for kExchanges); otherwise only the few bursts that an interrupt
 * made longer than the threshold. */
static const char *charged(double seconds, double bound) { return seconds > bound ? "charged" : "free"; }

static int by_value(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  /* The messages' simulated time is the same in both: the difference is
   * the work. The median of kRepeats short runs: a burst that another
   * process preempted is longer than the threshold, in the run with work
   * (under a loaded CI each of three runs of kCalls exchanges once held
   * such a burst) or in the run without (the least of ten differences was
   * then under 0). */
  double work[kRepeats];
  for (int k = 0; k < kRepeats; ++k) work[k] = exchanges(rank, 1) - exchanges(rank, 0);
  qsort(work, kRepeats, sizeof work[0], by_value);
  const double blocking = (work[kRepeats / 2 - 1] + work[kRepeats / 2]) / 2;
  const double clock = polls();
  /* Tens of milliseconds of computation, then an MPI call. */
  const double start = MPI_Wtime();
  for (int i = 0; i < 20000000; ++i) x += 1e-9 * i;
  MPI_Barrier(MPI_COMM_WORLD);
  const double computed = MPI_Wtime() - start;
  if (rank == 0) printf("blocking=%s clock=%s long=%s\n", charged(blocking, 0.1e-3), charged(clock, 1e-3),
                        charged(computed, 1e-3));
  MPI_Finalize();
  return 0;
}
