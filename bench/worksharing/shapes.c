/* Worksharing overheads, shape by shape, in the manner of EPCC's OpenMP
 * microbenchmarks: each shape repeats one construct around a short,
 * fixed amount of work and prints its time per repetition, less the same
 * work done sequentially (the reference). Built with any OpenMP compiler
 * (bench/worksharing.py builds it with hccsim, clang's libomp and gcc's
 * libgomp and runs them side by side).
 *
 *   shapes [reps=2000] [work_us=2]
 *
 * Prints one line per shape: "<shape> us=<microseconds per repetition>
 * overhead_us=<beyond the work>". */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int work_iterations = 1000;  /* set from work_us at start */

/* About work_us microseconds of computation whose result is used. */
static double delay(int iterations) {
  double x = 0;
  for (int i = 0; i < iterations; ++i) x = x * 0.999 + 1e-3 * (i & 3);
  return x;
}

static double now(void) { return omp_get_wtime(); }

/* Keeps a result without a shared write (which would be a race, and a
 * cache line the threads fight over). */
static void use(double x) {
  if (x == 42.0) printf("(unlikely)\n");
}

/* A shape's time per repetition since t, and beyond the work it did
 * (reference: that work's time per repetition on one thread, divided
 * among the threads where they share it). */
static void report(const char *shape, double t, int reps, double reference) {
  const double per = (now() - t) / reps;
  printf("%s us=%.3f overhead_us=%.3f\n", shape, per * 1e6, (per - reference) * 1e6);
}

static void calibrate(double work_us) {
  volatile double sink = 0;
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
  (void)sink;
}

/* Loops of this many iterations: each thread's share is a few microseconds. */
#define ITERS 64

int main(int argc, char **argv) {
  const int reps = argc > 1 ? atoi(argv[1]) : 2000;
  const double work_us = argc > 2 ? atof(argv[2]) : 2;
  calibrate(work_us);
  const int w = work_iterations;
  const int nthreads = omp_get_max_threads();
  volatile double sink = 0;
  double t, ref;

  /* The runtime's threads started and warm before the first shape. */
  for (int r = 0; r < 200; ++r) {
#pragma omp parallel
    use(delay(w));
  }

  /* The work one thread does per repetition, alone: the reference. */
  t = now();
  for (int r = 0; r < reps; ++r) use(delay(w));
  ref = (now() - t) / reps;
  const double ref_loop = ref * ITERS / nthreads / 4; /* each iteration a quarter of the work */

  /* parallel: a region per repetition. */
  t = now();
  for (int r = 0; r < reps; ++r) {
#pragma omp parallel
    use(delay(w));
  }
  report("parallel", t, reps, ref);

  /* for: a static loop in a region that stays open. */
  t = now();
#pragma omp parallel
  for (int r = 0; r < reps; ++r) {
#pragma omp for
    for (int i = 0; i < ITERS; ++i) use(delay(w / 4));
  }
  report("for_static", t, reps, ref_loop);

  /* dynamic: the same loop, chunks of 1 handed out. */
  t = now();
#pragma omp parallel
  for (int r = 0; r < reps; ++r) {
#pragma omp for schedule(dynamic)
    for (int i = 0; i < ITERS; ++i) use(delay(w / 4));
  }
  report("for_dynamic", t, reps, ref_loop);

  /* barrier. */
  t = now();
#pragma omp parallel
  for (int r = 0; r < reps; ++r) {
    use(delay(w));
#pragma omp barrier
  }
  report("barrier", t, reps, ref);

  /* reduction: a region with a sum. */
  t = now();
  for (int r = 0; r < reps; ++r) {
    double s = 0;
#pragma omp parallel reduction(+ : s)
    s += delay(w);
    sink += s;
  }
  report("reduction", t, reps, ref);

  /* nowait: four loops without barriers between them, one at the end. */
  t = now();
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
  report("nowait_chain", t, reps, ref_loop);

  /* solver: a time step of three short parallel for loops over a vector,
   * each its own region, as solvers made of many short loops are. */
  {
    enum { N = 4096 };
    static double a[N], b[N], c[N];
    for (int i = 0; i < N; ++i) a[i] = b[i] = c[i] = 1.0 / (i + 1);
    const double s0 = now();
    for (int r = 0; r < reps; ++r) {
      for (int i = 0; i < N; ++i) a[i] = 0.5 * (b[i] + c[i]);
      for (int i = 0; i < N; ++i) b[i] = a[i] * 0.999 + c[i] * 1e-3;
      for (int i = 0; i < N; ++i) c[i] = 0.5 * (a[i] + b[i]);
    }
    const double seq = (now() - s0) / reps;
    t = now();
    for (int r = 0; r < reps; ++r) {
#pragma omp parallel for
      for (int i = 0; i < N; ++i) a[i] = 0.5 * (b[i] + c[i]);
#pragma omp parallel for
      for (int i = 0; i < N; ++i) b[i] = a[i] * 0.999 + c[i] * 1e-3;
#pragma omp parallel for
      for (int i = 0; i < N; ++i) c[i] = 0.5 * (a[i] + b[i]);
    }
    report("solver_step", t, reps, seq / nthreads);
    sink += a[N / 2] + b[N / 3] + c[N / 4];
  }
  if (sink == 42.0) printf("(unlikely)\n");
  return 0;
}
