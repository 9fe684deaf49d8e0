/* Per-task overhead of the hccsim native runtime: empty tasks on registered
 * doubles, dependencies inferred from the accesses in submission order. See
 * overhead_common.h for the command line and the output line.
 *
 * Workers come from HCC_WORKERS (set here from the threads argument) and the
 * scheduler from HCC_SCHED (bench/task_overhead.py sets eager). The runtime's
 * summary line goes to stderr; stdout has only the result. */
#include "hcc/hcc.h"

#include "overhead_common.h"

static void empty_cpu(void *const *buffers, void *arg) {
  (void)buffers;
  (void)arg;
}

static const hcc_codelet cl = {"empty", empty_cpu, NULL, 0, NULL, 0};

static void submit_or_die(const hcc_access *acc, int n) {
  hcc_task_desc d = {&cl, NULL, 0, acc, n, NULL, 0, 0, NULL, 0, 0};
  if (hcc_submit(&d) != 0) {
    fprintf(stderr, "hcc_tasks: hcc_submit failed\n");
    exit(1);
  }
}

static void run_indep(hcc_handle *h, long n) {
  for (long i = 0; i < n; ++i) {
    hcc_access acc[1] = {{h[i], HCC_RW}};
    submit_or_die(acc, 1);
  }
}

static void run_chain(hcc_handle *h, long n) {
  for (long i = 0; i < n; ++i) {
    hcc_access acc[1] = {{h[0], HCC_RW}};
    submit_or_die(acc, 1);
  }
}

static void run_stencil(hcc_handle *h, long steps) {
  const int w = STENCIL_W;
  for (long t = 0; t < steps; ++t) {
    hcc_handle *cur = h + (t & 1) * w;
    hcc_handle *nxt = h + ((t + 1) & 1) * w;
    /* The edges read two cells, the others three: no datum is listed twice. */
    hcc_access first[3] = {{cur[0], HCC_R}, {cur[1], HCC_R}, {nxt[0], HCC_W}};
    submit_or_die(first, 3);
    for (int i = 1; i < w - 1; ++i) {
      hcc_access acc[4] = {{cur[i - 1], HCC_R}, {cur[i], HCC_R}, {cur[i + 1], HCC_R}, {nxt[i], HCC_W}};
      submit_or_die(acc, 4);
    }
    hcc_access last[3] = {{cur[w - 2], HCC_R}, {cur[w - 1], HCC_R}, {nxt[w - 1], HCC_W}};
    submit_or_die(last, 3);
  }
}

int main(int argc, char **argv) {
  struct bench_args a = bench_parse(argc, argv);
  char workers[32];
  snprintf(workers, sizeof workers, "%d", a.threads);
  setenv("HCC_WORKERS", workers, 1); /* the command line wins over the environment */

  if (hcc_init() != 0) return 1;
  if (hcc_worker_count() != a.threads)
    fprintf(stderr, "hcc_tasks: warning: asked for %d workers, got %d\n", a.threads, hcc_worker_count());

  long cells = a.pattern == PAT_INDEP ? a.n : (a.pattern == PAT_STENCIL ? 2 * STENCIL_W : 1);
  double *x = calloc((size_t)cells, sizeof *x);
  hcc_handle *h = malloc((size_t)cells * sizeof *h);
  if (!x || !h) return 1;
  for (long i = 0; i < cells; ++i) {
    h[i] = hcc_data_register(&x[i], sizeof x[i]);
    if (!h[i]) {
      fprintf(stderr, "hcc_tasks: hcc_data_register failed\n");
      return 1;
    }
  }

  double best = 1e300;
  for (int r = 0; r < a.reps; ++r) {
    double t0 = bench_now();
    switch (a.pattern) {
    case PAT_INDEP: run_indep(h, a.n); break;
    case PAT_CHAIN: run_chain(h, a.n); break;
    case PAT_STENCIL: run_stencil(h, a.steps); break;
    }
    hcc_wait_all();
    double dt = bench_now() - t0;
    if (dt < best) best = dt;
  }

  for (long i = 0; i < cells; ++i) hcc_data_unregister(h[i]);
  hcc_shutdown();
  bench_report(&a, best);
  free(h);
  free(x);
  return 0;
}
