/* A task graph whose kernels spin for fixed durations: what a native run and
 * a simulated run of the same graph must agree on when the kernel models are
 * exact (the remaining difference is the runtime's own behaviour).
 *
 *   fixed_dag [tiles]    a tiled-Cholesky-shaped DAG of `tiles` x `tiles`
 *                        blocks (default 8: 120 tasks) with four kernels of
 *                        1, 2, 3 and 4 ms, and priorities.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "hcc/hcc.h"

static double seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* Busy-waits: the kernel occupies its core for exactly its duration. */
static void spin(void *const *buffers, void *arg) {
  (void)buffers;
  const double end = seconds() + *(const double *)arg;
  while (seconds() < end) {
  }
}

static const hcc_codelet k1 = {"spin1ms", spin, NULL, 0, NULL, 0};
static const hcc_codelet k2 = {"spin2ms", spin, NULL, 0, NULL, 0};
static const hcc_codelet k3 = {"spin3ms", spin, NULL, 0, NULL, 0};
static const hcc_codelet k4 = {"spin4ms", spin, NULL, 0, NULL, 0};

static void submit(const hcc_codelet *cl, double d, int prio, hcc_access *acc, int n) {
  hcc_task_desc desc = {cl, &d, sizeof d, acc, n, NULL, 0, prio, NULL, 0, 0};
  if (hcc_submit(&desc) != 0) exit(1);
}

int main(int argc, char **argv) {
  const int nt = argc > 1 ? atoi(argv[1]) : 8;
  if (nt < 1) return 2;
  if (hcc_init() != 0) return 1;
  double *blocks = calloc((size_t)nt * nt, sizeof *blocks);
  hcc_handle *h = malloc((size_t)nt * nt * sizeof *h);
  for (int i = 0; i < nt * nt; ++i) h[i] = hcc_data_register(&blocks[i], sizeof blocks[i]);
  for (int k = 0; k < nt; ++k) {
    hcc_access a[] = {{h[k * nt + k], HCC_RW}};
    submit(&k4, 4e-3, 3 * nt, a, 1);
    for (int m = k + 1; m < nt; ++m) {
      hcc_access b[] = {{h[k * nt + k], HCC_R}, {h[m * nt + k], HCC_RW}};
      submit(&k3, 3e-3, 3 * nt - (m - k), b, 2);
    }
    for (int m = k + 1; m < nt; ++m) {
      hcc_access c[] = {{h[m * nt + k], HCC_R}, {h[m * nt + m], HCC_RW}};
      submit(&k2, 2e-3, 2 * nt - (m - k), c, 2);
      for (int j = k + 1; j < m; ++j) {
        hcc_access g[] = {{h[m * nt + k], HCC_R}, {h[j * nt + k], HCC_R}, {h[m * nt + j], HCC_RW}};
        submit(&k1, 1e-3, 2 * nt - (m - k) - (j - k), g, 3);
      }
    }
  }
  hcc_wait_all();
  for (int i = 0; i < nt * nt; ++i) hcc_data_unregister(h[i]);
  free(h);
  free(blocks);
  hcc_shutdown();
  return 0;
}
