/* Per-task overhead of an OpenMP runtime: empty tasks with depend clauses.
 * Built twice, with clang-19 (libomp) and with gcc (libgomp); see
 * overhead_common.h for the command line and the output line.
 *
 * One thread (`single`) creates every task; the team's threads, the creator
 * included, run them. Tasks have an empty body: what is measured is
 * creation, dependency tracking, scheduling and completion. */
#include <omp.h>

#include "overhead_common.h"

static void run_indep(double *x, long n) {
  (void)x; /* gcc 12 does not see uses in depend clauses */
  for (long i = 0; i < n; ++i) {
#pragma omp task depend(inout : x[i])
    {
    }
  }
}

static void run_chain(double *x, long n) {
  (void)x;
  for (long i = 0; i < n; ++i) {
#pragma omp task depend(inout : x[0])
    {
    }
  }
}

static void run_stencil(double *rows, long steps) {
  for (long t = 0; t < steps; ++t) {
    double *cur = rows + (t & 1) * STENCIL_W;
    double *nxt = rows + ((t + 1) & 1) * STENCIL_W;
    (void)cur;
    (void)nxt;
    /* The edges read two cells, the others three: no datum is listed twice. */
#pragma omp task depend(in : cur[0], cur[1]) depend(out : nxt[0])
    {
    }
    for (int i = 1; i < STENCIL_W - 1; ++i) {
#pragma omp task depend(in : cur[i - 1], cur[i], cur[i + 1]) depend(out : nxt[i])
      {
      }
    }
#pragma omp task depend(in : cur[STENCIL_W - 2], cur[STENCIL_W - 1]) depend(out : nxt[STENCIL_W - 1])
    {
    }
  }
}

int main(int argc, char **argv) {
  struct bench_args a = bench_parse(argc, argv);
  long cells = a.pattern == PAT_INDEP ? a.n : (a.pattern == PAT_STENCIL ? 2 * STENCIL_W : 1);
  double *x = calloc((size_t)cells, sizeof *x);
  double best = 1e300;
  int team = 0;
  if (!x) return 1;

#pragma omp parallel num_threads(a.threads)
#pragma omp single
  {
    team = omp_get_num_threads();
    for (int r = 0; r < a.reps; ++r) {
      double t0 = bench_now();
      switch (a.pattern) {
      case PAT_INDEP: run_indep(x, a.n); break;
      case PAT_CHAIN: run_chain(x, a.n); break;
      case PAT_STENCIL: run_stencil(x, a.steps); break;
      }
#pragma omp taskwait
      double dt = bench_now() - t0;
      if (dt < best) best = dt;
    }
  }

  if (team != a.threads) fprintf(stderr, "omp_tasks: warning: asked for %d threads, got %d\n", a.threads, team);
  bench_report(&a, best);
  free(x);
  return 0;
}
