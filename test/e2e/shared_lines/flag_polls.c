/* One thread computes for a while, then sets a flag; the other polls the
 * flag, then computes: natively its computation starts when the flag is
 * set. Simulated, the setter's actor may run its whole computation and
 * its store before the poller reads at simulated time 0: the poll must
 * find the flag no earlier in simulated time than it was set
 * (shared_lines.sh). Three flags, one a phase: an `atomic write` polled by
 * `atomic read`, a volatile int, a C11 atomic. Prints, a phase, whether
 * the poller saw the flag after the setter's store (its clock read just
 * after it), within a millisecond (the store's time is its burst's so far
 * on the monotonic clock, the clock's the burst's CPU time): "causal=1 1
 * 1", where a poll that found the flag at once saw it 20 ms early. */
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

enum { kSetterWork = 20000000, kPollerWork = 10000000 };
static int omp_flag;
static volatile int volatile_flag;
static atomic_int c11_flag;
static double set_at[3], seen_at[3];
static volatile double sink;

static void work(long n) {
  double x = 0;
  for (long k = 0; k < n; ++k) x += 1e-9 * (double)k;
  sink = x;
}

static void set(int phase) {
  work(kSetterWork);
  if (phase == 0) {
#pragma omp atomic write
    omp_flag = 1;
  } else if (phase == 1) {
    volatile_flag = 1;
  } else {
    atomic_store(&c11_flag, 1);
  }
  set_at[phase] = omp_get_wtime();
}

static void poll(int phase) {
  if (phase == 0) {
    int f = 0;
    while (!f) {
#pragma omp atomic read
      f = omp_flag;
    }
  } else if (phase == 1) {
    while (!volatile_flag) {
    }
  } else {
    while (!atomic_load(&c11_flag)) {
    }
  }
  seen_at[phase] = omp_get_wtime();
  work(kPollerWork);
}

int main(void) {
  const double start = omp_get_wtime();
#pragma omp parallel num_threads(2)
  for (int phase = 0; phase < 3; ++phase) {
    if (omp_get_thread_num() == phase % 2)
      set(phase);
    else
      poll(phase);
#pragma omp barrier
  }
  printf("causal=%d %d %d\n", seen_at[0] >= set_at[0] - 1e-3, seen_at[1] >= set_at[1] - 1e-3,
         seen_at[2] >= set_at[2] - 1e-3);
  printf("time=%.6f\n", omp_get_wtime() - start);
  return 0;
}
