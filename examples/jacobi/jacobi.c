/* Jacobi relaxation of the Poisson equation -Laplace(u) = f on the unit
 * square, written as most OpenMP codes are: the sweep is a
 * `#pragma omp parallel for` over the grid's rows with a
 * `reduction(max: ...)` for the step's largest change, between sequential
 * parts of the main thread: the left edge's boundary value, which varies
 * with the step, is set by a plain loop before each sweep, and every K
 * sweeps a plain loop computes the solution's norm (a convergence monitor).
 * Nothing in it is written for hccsim: a simulation (`hccsim -fsimulate`)
 * charges the loops' own CPU time, thread by thread, as simulated time.
 *
 *   jacobi [N=1024] [T=300] [K=10]   N x N interior points, T sweeps, a norm every K
 *
 * Prints "jacobi: N=.. T=.. K=.. change=<last sweep's largest change>
 * norm=<last norm> checksum=<sum of the grid> ok" after checking the grid
 * against the same sweeps run sequentially (bitwise equal: every point's
 * update is one expression, the change a maximum, the norm and checksum
 * sums in a fixed order, so the line does not depend on the thread count;
 * EXAMPLE_CHECK=0 leaves the check out). Then "time=<seconds>": the T
 * sweeps on omp_get_wtime (simulated time in a simulation). */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The source term at interior point (i, j) of an n x n grid of spacing h. */
static double source(int n, int i, int j) {
  const double h = 1.0 / (n + 1), x = i * h, y = j * h;
  return 8.0 * sin(3.0 * x) * cos(2.0 * y);
}

/* The left edge's value at step t (set by the main thread before each sweep). */
static double left_edge(int t, int i, int n) { return sin(0.01 * t) * (double)i / (n + 1); }

/* Sets the boundary of a (n + 2) x (n + 2) grid for step t: top edge 1,
 * bottom and right 0, left from left_edge. Sequential. */
static void set_boundary(double *u, int n, int t) {
  const int w = n + 2;
  for (int j = 0; j < w; ++j) {
    u[j] = 1.0;
    u[(size_t)(n + 1) * w + j] = 0.0;
  }
  for (int i = 1; i <= n; ++i) {
    u[(size_t)i * w] = left_edge(t, i, n);
    u[(size_t)i * w + n + 1] = 0.0;
  }
}

/* Sum of squares of the interior, row by row in order. Sequential. */
static double norm(const double *u, int n) {
  const int w = n + 2;
  double s = 0;
  for (int i = 1; i <= n; ++i)
    for (int j = 1; j <= n; ++j) s += u[(size_t)i * w + j] * u[(size_t)i * w + j];
  return sqrt(s / ((double)n * n));
}

/* T sweeps from the initial guess 0; the result is in *u (its partner
 * buffer *v is scratch). parallel = 0: one thread (the reference).
 * Returns the last sweep's largest change; *last_norm is
 * the last norm computed. */
static double relax(double **u, double **v, const double *f, int n, int steps, int every, int parallel,
                    double *last_norm) {
  const int w = n + 2;
  const double h2 = 1.0 / ((double)(n + 1) * (n + 1));
  double change = 0;
  for (int t = 0; t < steps; ++t) {
    double *cur = *u, *nxt = *v;
    set_boundary(cur, n, t);
    set_boundary(nxt, n, t);
    change = 0;
#pragma omp parallel for reduction(max: change) if (parallel)
    for (int i = 1; i <= n; ++i) {
      const double *up = cur + (size_t)(i - 1) * w, *row = cur + (size_t)i * w, *down = cur + (size_t)(i + 1) * w;
      const double *fr = f + (size_t)i * w;
      double *out = nxt + (size_t)i * w;
      for (int j = 1; j <= n; ++j) {
        out[j] = 0.25 * (up[j] + down[j] + row[j - 1] + row[j + 1] + h2 * fr[j]);
        const double d = fabs(out[j] - row[j]);
        change = d > change ? d : change;
      }
    }
    *u = nxt;
    *v = cur;
    if ((t + 1) % every == 0) *last_norm = norm(*u, n);
  }
  return change;
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 1024;
  const int steps = argc > 2 ? atoi(argv[2]) : 300;
  const int every = argc > 3 ? atoi(argv[3]) : 10;
  if (n < 1 || steps < 1 || every < 1) {
    fprintf(stderr, "usage: jacobi [N >= 1] [T >= 1] [K >= 1]\n");
    return 2;
  }
  const size_t points = (size_t)(n + 2) * (n + 2);
  double *u = calloc(points, sizeof *u), *v = calloc(points, sizeof *v), *f = calloc(points, sizeof *f);
  if (!u || !v || !f) return 1;
  for (int i = 1; i <= n; ++i)
    for (int j = 1; j <= n; ++j) f[(size_t)i * (n + 2) + j] = source(n, i, j);

  double last_norm = 0;
  const double start = omp_get_wtime();
  const double change = relax(&u, &v, f, n, steps, every, 1, &last_norm);
  const double seconds = omp_get_wtime() - start;

  double checksum = 0;
  for (size_t k = 0; k < points; ++k) checksum += u[k];

  int ok = 1;
  const char *check = getenv("EXAMPLE_CHECK");
  if (!(check && strcmp(check, "0") == 0)) {
    double *a = calloc(points, sizeof *a), *b = calloc(points, sizeof *b);
    if (!a || !b) return 1;
    double ref_norm = 0;
    const double ref_change = relax(&a, &b, f, n, steps, every, 0, &ref_norm);
    ok = ref_change == change && ref_norm == last_norm && memcmp(a, u, points * sizeof *a) == 0;
    free(a);
    free(b);
  }
  printf("jacobi: N=%d T=%d K=%d change=%.6e norm=%.9f checksum=%.6f %s\n", n, steps, every, change, last_norm,
         checksum, ok ? "ok" : "FAILED");
  printf("time=%.6f\n", seconds);
  free(u);
  free(v);
  free(f);
  return ok ? 0 : 1;
}
