/* A unit of work repeated until a given time has passed, as benchmarks and
 * time-stepped codes with a wall-clock budget are written: each iteration
 * is a `#pragma omp parallel for reduction(max: ...)` over an array, and the
 * main thread looks at omp_get_wtime() after each to decide whether to go
 * on. The number of iterations is the program's result, so a simulation
 * (`hccsim -fsimulate`, where omp_get_wtime() is the simulated clock and the
 * loop's own CPU time is charged as simulated time) must predict the time of
 * one iteration for the loop to stop where a native run stops. Nothing in it
 * is written for hccsim.
 *
 *   timed-loop [D=1.0] [N=16384] [R=8]   run for D seconds, N elements, R cosines per element
 *
 * Prints "timed-loop: D=.. N=.. R=.. value=<the unit's result> ok" after
 * checking that every iteration computed the same value as the first (it
 * does not depend on the thread count: a maximum), then "iterations=<n>"
 * and "time=<seconds>": the loop's time on omp_get_wtime (at least D). */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

/* The unit of work: R steps of the cosine map from each element, the
 * largest result. */
static double unit(const double *x, int n, int r) {
  double best = -2.0;
#pragma omp parallel for reduction(max: best)
  for (int i = 0; i < n; ++i) {
    double v = x[i];
    for (int k = 0; k < r; ++k) v = cos(v);
    best = v > best ? v : best;
  }
  return best;
}

int main(int argc, char **argv) {
  const double duration = argc > 1 ? atof(argv[1]) : 1.0;
  const int n = argc > 2 ? atoi(argv[2]) : 16384;
  const int r = argc > 3 ? atoi(argv[3]) : 8;
  if (!(duration >= 0) || n < 1 || r < 0) {
    fprintf(stderr, "usage: timed-loop [D >= 0] [N >= 1] [R >= 0]\n");
    return 2;
  }
  double *x = malloc((size_t)n * sizeof *x);
  if (!x) return 1;
  for (int i = 0; i < n; ++i) x[i] = 3.0 * i / n - 1.5;

  long iterations = 0;
  int ok = 1;
  double value = 0;
  const double start = omp_get_wtime();
  double elapsed = 0;
  do {
    const double v = unit(x, n, r);
    if (iterations == 0) value = v;
    else if (v != value) ok = 0;
    ++iterations;
    elapsed = omp_get_wtime() - start;
  } while (elapsed < duration);

  printf("timed-loop: D=%g N=%d R=%d value=%.12f %s\n", duration, n, r, value, ok ? "ok" : "FAILED");
  printf("iterations=%ld\n", iterations);
  printf("time=%.6f\n", elapsed);
  free(x);
  return ok ? 0 : 1;
}
