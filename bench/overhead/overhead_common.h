/* Shared by the per-task overhead programs (omp_tasks.c, starpu_tasks.c,
 * hcc_tasks.c): command line, clock and the result line.
 *
 *   <prog> <pattern> <N> <threads> <reps>
 *
 *   pattern  indep    N tasks, task i accesses x[i] read-write (no two tasks
 *                     share a datum, so all may run at once)
 *            chain    N tasks all accessing x[0] read-write (a serial chain)
 *            stencil  1-D stencil of width W = 64 over T = N / W steps: task
 *                     (t, i) reads cur[i-1], cur[i], cur[i+1] (clamped at the
 *                     edges) and writes nxt[i]; the two rows swap every step
 *   N        tasks per repetition (stencil: rounded down to a multiple of W)
 *   threads  workers
 *   reps     repetitions; the minimum per-task time is reported
 *
 * Prints exactly one line on stdout:
 *   pattern=<p> tasks=<N> seconds=<wall> per_task_us=<x>
 * where seconds is the wall time of the fastest repetition, measured with
 * CLOCK_MONOTONIC from before the first submission to after the final wait.
 * Runtime setup (thread creation, data registration) is not timed. */
#ifndef HCC_BENCH_OVERHEAD_COMMON_H
#define HCC_BENCH_OVERHEAD_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define STENCIL_W 64

enum pattern { PAT_INDEP, PAT_CHAIN, PAT_STENCIL };

struct bench_args {
  enum pattern pattern;
  const char *pattern_name;
  long n;       /* tasks per repetition, as run */
  long steps;   /* stencil only: T */
  int threads;
  int reps;
};

static inline double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline void bench_usage(const char *prog) {
  fprintf(stderr, "usage: %s indep|chain|stencil <N> <threads> <reps>\n", prog);
  exit(2);
}

static inline struct bench_args bench_parse(int argc, char **argv) {
  struct bench_args a;
  if (argc != 5) bench_usage(argv[0]);
  a.pattern_name = argv[1];
  if (strcmp(argv[1], "indep") == 0)
    a.pattern = PAT_INDEP;
  else if (strcmp(argv[1], "chain") == 0)
    a.pattern = PAT_CHAIN;
  else if (strcmp(argv[1], "stencil") == 0)
    a.pattern = PAT_STENCIL;
  else
    bench_usage(argv[0]);
  a.n = atol(argv[2]);
  a.threads = atoi(argv[3]);
  a.reps = atoi(argv[4]);
  if (a.n < 1 || a.threads < 1 || a.reps < 1) bench_usage(argv[0]);
  a.steps = 0;
  if (a.pattern == PAT_STENCIL) {
    a.steps = a.n / STENCIL_W;
    if (a.steps < 1) a.steps = 1;
    a.n = a.steps * STENCIL_W;
  }
  return a;
}

static inline void bench_report(const struct bench_args *a, double best_seconds) {
  printf("pattern=%s tasks=%ld seconds=%.6f per_task_us=%.4f\n", a->pattern_name, a->n, best_seconds,
         1e6 * best_seconds / (double)a->n);
  fflush(stdout);
}

#endif
