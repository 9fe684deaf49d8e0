/* Heat diffusion on an N x N plate (explicit steps), as a burst-heavy program:
 * each step updates the grid in a plain sequential loop over its rows (the
 * CPU burst), then measures the change since the previous step with OpenMP
 * tasks over blocks of rows, as a program that monitors its convergence does.
 *
 * `#pragma hcc sample(auto, tol = 0.02)` stands on the update loop: a
 * simulation (`hccsim -fsimulate`) runs and times its first rows until the
 * mean row time is known within 2 %, then charges that mean for the others
 * instead of running them (bench/sample_burst.py: about 10x faster, same
 * prediction). gcc and clang ignore the directive; natively it changes nothing.
 *
 *   heat [N=1024] [T=50] [B=128]   grid N x N, T steps, tasks over B rows
 *
 * Prints "heat: N=.. T=.. B=.. change=<last step's max change> checksum=<sum
 * of the grid> ok" (the checksum does not depend on the thread count: each
 * block's change is its own task's, combined in block order), or, built with
 * -fsimulate (__HCCSIM_SIMULATE__), where skipped rows are not computed,
 * "heat: N=.. T=.. B=.. simulated". With EXAMPLE_TIME=1 in the environment it
 * also prints the time of the T steps on the run's clock (omp_get_wtime:
 * simulated time in a simulation) on stderr: "heat: seconds=...". */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

/* Conductivity falls as the plate heats (nonlinear diffusion): the update
 * computes more than it reads, as most physics does. */
static double conductivity(double a, double b) { return 1.0 / (1.0 + 1e-4 * (a + b) * (a + b)); }

/* One explicit step of row i (1 <= i < n - 1): the flux through each of the
 * four faces, weighted by the conductivity there. */
static void update_row(const double *cur, double *nxt, int n, int i) {
  const double *up = cur + (size_t)(i - 1) * n, *row = cur + (size_t)i * n, *down = cur + (size_t)(i + 1) * n;
  double *out = nxt + (size_t)i * n;
  for (int j = 1; j < n - 1; ++j) {
    const double u = row[j];
    out[j] = u + 0.2 * (conductivity(u, up[j]) * (up[j] - u) + conductivity(u, down[j]) * (down[j] - u) +
                        conductivity(u, row[j - 1]) * (row[j - 1] - u) + conductivity(u, row[j + 1]) * (row[j + 1] - u));
  }
}

/* The largest change of rows [first, last) between two steps. */
static double block_change(const double *cur, const double *nxt, int n, int first, int last) {
  double change = 0;
  for (int i = first; i < last; ++i)
    for (int j = 0; j < n; ++j) change = fmax(change, fabs(nxt[(size_t)i * n + j] - cur[(size_t)i * n + j]));
  return change;
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 1024;
  const int steps = argc > 2 ? atoi(argv[2]) : 50;
  const int b = argc > 3 ? atoi(argv[3]) : 128;
  if (n < 3 || steps < 1 || b < 1 || n % b != 0) {
    fprintf(stderr, "usage: heat [N >= 3] [T >= 1] [B dividing N]\n");
    return 2;
  }
  const int nblocks = n / b;
  /* Simulated, the grids are folded (HCC_FOLD_THRESHOLD): the sampled update
   * loop runs over garbage, and is timed as on real memory (rt/README.md,
   * program/). */
  double *cur = calloc((size_t)n * n, sizeof *cur), *nxt = calloc((size_t)n * n, sizeof *nxt);
  double *change = calloc((size_t)nblocks, sizeof *change);
  if (!cur || !nxt || !change) return 1;
  /* The plate at room temperature, one edge hot: no value decays towards
   * zero, so no row's cost depends on how far the heat has spread
   * (subnormal numbers are ten times slower to compute with). */
  for (size_t i = 0; i < (size_t)n * n; ++i) cur[i] = nxt[i] = 20.0;
  for (int j = 0; j < n; ++j) cur[j] = nxt[j] = 100.0; /* the hot edge */

  double last_change = 0;
  const double start = omp_get_wtime(); /* the run's clock: simulated time in a simulation */
  for (int t = 0; t < steps; ++t) {
#pragma hcc sample(auto, tol = 0.02)
    for (int i = 1; i < n - 1; ++i) update_row(cur, nxt, n, i);

#pragma omp parallel
#pragma omp single
    for (int k = 0; k < nblocks; ++k) {
#pragma omp task depend(out: change[k])
#pragma hcc params(rows = b, cols = n)
      change[k] = block_change(cur, nxt, n, k * b, (k + 1) * b);
    }
    last_change = 0;
    for (int k = 0; k < nblocks; ++k) last_change = fmax(last_change, change[k]);
    double *swap = cur;
    cur = nxt;
    nxt = swap;
  }

  const double seconds = omp_get_wtime() - start;
  const char *time_env = getenv("EXAMPLE_TIME");
  if (time_env != NULL && time_env[0] == '1') fprintf(stderr, "heat: seconds=%.6f\n", seconds);

#ifdef __HCCSIM_SIMULATE__
  (void)last_change;
  printf("heat: N=%d T=%d B=%d simulated\n", n, steps, b);
#else
  double checksum = 0;
  for (size_t i = 0; i < (size_t)n * n; ++i) checksum += cur[i];
  printf("heat: N=%d T=%d B=%d change=%.6e checksum=%.6f ok\n", n, steps, b, last_change, checksum);
#endif
  free(cur);
  free(nxt);
  free(change);
  return 0;
}
