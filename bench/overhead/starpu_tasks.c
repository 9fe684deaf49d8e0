/* Per-task overhead of StarPU 1.3: empty tasks on registered variables, with
 * dependencies inferred by sequential consistency (StarPU's default), like
 * hccsim. See overhead_common.h for the command line and the output line.
 *
 * Run with STARPU_SCHED=eager STARPU_NCPU=<threads> STARPU_NCUDA=0
 * STARPU_NOPENCL=0 STARPU_SILENT=1 STARPU_CALIBRATE=0 (bench/task_overhead.py
 * sets them). The codelet has no performance model, so nothing is
 * calibrated. StarPU's messages go to stderr; stdout has only the result. */
#include <starpu.h>

#include "overhead_common.h"

static void empty_cpu(void *buffers[], void *arg) {
  (void)buffers;
  (void)arg;
}

static struct starpu_codelet cl = {
    .cpu_funcs = {empty_cpu},
    .cpu_funcs_name = {"empty_cpu"},
    .nbuffers = STARPU_VARIABLE_NBUFFERS, /* modes are given at insertion */
    .name = "empty",
};

static void insert_or_die(int ret) {
  if (ret != 0) {
    fprintf(stderr, "starpu_tasks: starpu_task_insert failed (%d)\n", ret);
    exit(1);
  }
}

static void run_indep(starpu_data_handle_t *h, long n) {
  for (long i = 0; i < n; ++i) insert_or_die(starpu_task_insert(&cl, STARPU_RW, h[i], 0));
}

static void run_chain(starpu_data_handle_t *h, long n) {
  for (long i = 0; i < n; ++i) insert_or_die(starpu_task_insert(&cl, STARPU_RW, h[0], 0));
}

static void run_stencil(starpu_data_handle_t *h, long steps) {
  const int w = STENCIL_W;
  for (long t = 0; t < steps; ++t) {
    starpu_data_handle_t *cur = h + (t & 1) * w;
    starpu_data_handle_t *nxt = h + ((t + 1) & 1) * w;
    /* The edges read two cells, the others three: no datum is listed twice. */
    insert_or_die(starpu_task_insert(&cl, STARPU_R, cur[0], STARPU_R, cur[1], STARPU_W, nxt[0], 0));
    for (int i = 1; i < w - 1; ++i)
      insert_or_die(starpu_task_insert(&cl, STARPU_R, cur[i - 1], STARPU_R, cur[i], STARPU_R, cur[i + 1],
                                       STARPU_W, nxt[i], 0));
    insert_or_die(starpu_task_insert(&cl, STARPU_R, cur[w - 2], STARPU_R, cur[w - 1], STARPU_W, nxt[w - 1], 0));
  }
}

int main(int argc, char **argv) {
  struct bench_args a = bench_parse(argc, argv);
  char ncpu[32];
  snprintf(ncpu, sizeof ncpu, "%d", a.threads);
  setenv("STARPU_NCPU", ncpu, 1); /* the command line wins over the environment */

  struct starpu_conf conf;
  starpu_conf_init(&conf);
  conf.ncpus = a.threads;
  conf.ncuda = 0;
  conf.nopencl = 0;
  int ret = starpu_init(&conf);
  if (ret != 0) {
    fprintf(stderr, "starpu_tasks: starpu_init failed (%d)\n", ret);
    return 1;
  }
  if ((int)starpu_cpu_worker_get_count() != a.threads)
    fprintf(stderr, "starpu_tasks: warning: asked for %d CPU workers, got %u\n", a.threads,
            starpu_cpu_worker_get_count());

  long cells = a.pattern == PAT_INDEP ? a.n : (a.pattern == PAT_STENCIL ? 2 * STENCIL_W : 1);
  double *x = calloc((size_t)cells, sizeof *x);
  starpu_data_handle_t *h = malloc((size_t)cells * sizeof *h);
  if (!x || !h) return 1;
  for (long i = 0; i < cells; ++i) starpu_variable_data_register(&h[i], STARPU_MAIN_RAM, (uintptr_t)&x[i], sizeof x[i]);

  double best = 1e300;
  for (int r = 0; r < a.reps; ++r) {
    double t0 = bench_now();
    switch (a.pattern) {
    case PAT_INDEP: run_indep(h, a.n); break;
    case PAT_CHAIN: run_chain(h, a.n); break;
    case PAT_STENCIL: run_stencil(h, a.steps); break;
    }
    starpu_task_wait_for_all();
    double dt = bench_now() - t0;
    if (dt < best) best = dt;
  }

  for (long i = 0; i < cells; ++i) starpu_data_unregister(h[i]);
  starpu_shutdown();
  bench_report(&a, best);
  free(h);
  free(x);
  return 0;
}
