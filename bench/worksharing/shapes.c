/* Worksharing overheads, shape by shape, in the manner of EPCC's OpenMP
 * microbenchmarks: each shape repeats one construct around a short,
 * fixed amount of work and prints its time per repetition, less the same
 * work done sequentially (the reference). Built with any OpenMP compiler
 * (bench/worksharing.py builds it with hccsim, clang's libomp and gcc's
 * libgomp and runs them side by side).
 *
 *   shapes [reps=2000] [work_us=2] [outer=9] [iterations]
 *
 * iterations: the work as a number of iterations of its loop, instead of
 * calibrating it to work_us at start, so that binaries compared side by
 * side do the same work (a calibration in a slow moment of the machine
 * gives one binary less work than another).
 * Prints "work_iterations=<the work's iterations>", then one line per
 * shape: "<shape> us=<microseconds per repetition> overhead_us=<beyond the
 * work>", the median of `outer` timed runs of `reps` repetitions. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int work_iterations = 1000;  /* set from work_us at start */

/* About work_us microseconds of computation whose result is used, from x. */
static double delay_from(double x, int iterations) {
  for (int i = 0; i < iterations; ++i) x = x * 0.999 + 1e-3 * (i & 3);
  return x;
}
static double delay(int iterations) { return delay_from(0, iterations); }

static double now(void) { return omp_get_wtime(); }

/* Keeps a result without a shared write (which would be a race, and a
 * cache line the threads fight over). */
static void use(double x) {
  if (x == 42.0) printf("(unlikely)\n");
}

/* EPCC's method: a shape is timed over `outer` runs of `reps` repetitions
 * each, and its time per repetition is the median run's, so that a stretch
 * where the machine was busy elsewhere moves one run, not the figure. The
 * overhead is that time less the work done (reference: the work's time per
 * repetition on one thread, divided among the threads where they share it). */
static int reps = 2000, outer = 9;

static int by_value(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void measure(const char *shape, void (*run)(void), double reference) {
  double per[64];
  for (int o = 0; o < outer; ++o) {
    const double t = now();
    run();
    per[o] = (now() - t) / reps;
  }
  qsort(per, outer, sizeof per[0], by_value);
  const double median = per[outer / 2];
  printf("%s us=%.3f overhead_us=%.3f\n", shape, median * 1e6, (median - reference) * 1e6);
}

static void calibrate(double work_us) {
  int n = 1000;
  for (;;) {
    const double t = now();
    for (int r = 0; r < 100; ++r) use(delay(n));
    const double per = (now() - t) / 100 * 1e6;
    if (per >= work_us || n > 100000000) {
      work_iterations = (int)(n * work_us / per);
      break;
    }
    n *= 2;
  }
}

/* Loops of this many iterations: each thread's share is a few microseconds. */
#define ITERS 64

static int w;  /* work_iterations: about work_us of work */
static double sink_total;

/* parallel: a region per repetition. */
static void shape_parallel(void) {
  for (int r = 0; r < reps; ++r) {
#pragma omp parallel
    use(delay(w));
  }
}

/* for: a static loop in a region that stays open. */
static void shape_for_static(void) {
#pragma omp parallel
  for (int r = 0; r < reps; ++r) {
#pragma omp for
    for (int i = 0; i < ITERS; ++i) use(delay(w / 4));
  }
}

/* dynamic: the same loop, chunks of 1 handed out. */
static void shape_for_dynamic(void) {
#pragma omp parallel
  for (int r = 0; r < reps; ++r) {
#pragma omp for schedule(dynamic)
    for (int i = 0; i < ITERS; ++i) use(delay(w / 4));
  }
}

static void shape_barrier(void) {
#pragma omp parallel
  for (int r = 0; r < reps; ++r) {
    use(delay(w));
#pragma omp barrier
  }
}

/* reduction: a region with a sum. */
static void shape_reduction(void) {
  for (int r = 0; r < reps; ++r) {
    double s = 0;
#pragma omp parallel reduction(+ : s)
    s += delay(w);
    sink_total += s;
  }
}

/* nowait: four loops without barriers between them, one at the end. */
static void shape_nowait_chain(void) {
#pragma omp parallel
  for (int r = 0; r < reps; ++r) {
#pragma omp for nowait
    for (int i = 0; i < ITERS; ++i) use(delay(w / 16));
#pragma omp for nowait
    for (int i = 0; i < ITERS; ++i) use(delay(w / 16));
#pragma omp for nowait
    for (int i = 0; i < ITERS; ++i) use(delay(w / 16));
#pragma omp for
    for (int i = 0; i < ITERS; ++i) use(delay(w / 16));
  }
}

/* critical and lock (EPCC's syncbench): the threads share the repetitions,
 * each a critical section around a short work (an eighth of a microsecond
 * at the default 2, EPCC's 0.1), so that they contend for it; the work
 * inside is serialised, and so is its reference. It goes on from the
 * value the last section left, so that no compiler computes it before the
 * section (GCC did, and libgomp's sections were empty). */
static double section_value;

static void shape_critical(void) {
#pragma omp parallel
  {
    const int mine = reps / omp_get_num_threads();
    for (int r = 0; r < mine; ++r) {
#pragma omp critical
      section_value = delay_from(section_value, w / 16);
    }
  }
}

static omp_lock_t lock;

static void shape_lock(void) {
#pragma omp parallel
  {
    const int mine = reps / omp_get_num_threads();
    for (int r = 0; r < mine; ++r) {
      omp_set_lock(&lock);
      section_value = delay_from(section_value, w / 16);
      omp_unset_lock(&lock);
    }
  }
}

/* solver: a time step of three short parallel for loops over a vector,
 * each its own region, as solvers made of many short loops are. */
enum { N = 4096 };
static double a[N], b[N], c[N];

static void solver_sequential(void) {
  for (int r = 0; r < reps; ++r) {
    for (int i = 0; i < N; ++i) a[i] = 0.5 * (b[i] + c[i]);
    for (int i = 0; i < N; ++i) b[i] = a[i] * 0.999 + c[i] * 1e-3;
    for (int i = 0; i < N; ++i) c[i] = 0.5 * (a[i] + b[i]);
  }
}

static void shape_solver_step(void) {
  for (int r = 0; r < reps; ++r) {
#pragma omp parallel for
    for (int i = 0; i < N; ++i) a[i] = 0.5 * (b[i] + c[i]);
#pragma omp parallel for
    for (int i = 0; i < N; ++i) b[i] = a[i] * 0.999 + c[i] * 1e-3;
#pragma omp parallel for
    for (int i = 0; i < N; ++i) c[i] = 0.5 * (a[i] + b[i]);
  }
}

/* The work one thread does per repetition, alone: the reference. */
static void work_alone(void) {
  for (int r = 0; r < reps; ++r) use(delay(w));
}

int main(int argc, char **argv) {
  reps = argc > 1 ? atoi(argv[1]) : 2000;
  const double work_us = argc > 2 ? atof(argv[2]) : 2;
  outer = argc > 3 ? atoi(argv[3]) : 9;
  const int iterations = argc > 4 ? atoi(argv[4]) : 0;
  if (reps < 1 || work_us <= 0 || outer < 1 || outer > 64 || (argc > 4 && iterations < 1)) {
    fprintf(stderr, "usage: shapes [reps >= 1] [work_us > 0] [1 <= outer <= 64] [iterations >= 1]\n");
    return 2;
  }
  if (iterations > 0) work_iterations = iterations;
  else calibrate(work_us);
  w = work_iterations;
  printf("work_iterations=%d\n", w);
  const int nthreads = omp_get_max_threads();

  /* The runtime's threads started and warm before the first shape. */
  for (int r = 0; r < 200; ++r) {
#pragma omp parallel
    use(delay(w));
  }

  double t = now();
  work_alone();
  const double ref = (now() - t) / reps;
  const double ref_loop = ref * ITERS / nthreads / 4; /* each iteration a quarter of the work */

  measure("parallel", shape_parallel, ref);
  measure("for_static", shape_for_static, ref_loop);
  measure("for_dynamic", shape_for_dynamic, ref_loop);
  measure("barrier", shape_barrier, ref);
  measure("reduction", shape_reduction, ref);
  measure("nowait_chain", shape_nowait_chain, ref_loop);
  omp_init_lock(&lock);
  measure("critical", shape_critical, ref / 16);
  measure("lock", shape_lock, ref / 16);
  omp_destroy_lock(&lock);

  for (int i = 0; i < N; ++i) a[i] = b[i] = c[i] = 1.0 / (i + 1);
  t = now();
  solver_sequential();
  const double seq = (now() - t) / reps;
  measure("solver_step", shape_solver_step, seq / nthreads);
  sink_total += a[N / 2] + b[N / 3] + c[N / 4] + section_value;
  if (sink_total == 42.0) printf("(unlikely)\n");
  return 0;
}
