/* A deterministic task graph whose kernels busy-wait for fixed durations, for
 * bench/fidelity.py: with exact kernel models, a native run and a simulated
 * run of this graph should agree, and what remains is the runtime's own
 * behaviour (overheads, wake-ups, scheduling decisions).
 *
 *   fixed_dag            no arguments: the graph is fixed
 *
 * The graph (420 tasks, 52 handles on malloc'ed memory) interleaves two
 * patterns in submission order:
 *   - a tiled-Cholesky-shaped DAG of 7 x 7 tiles (28 handles, 84 tasks):
 *     potrf 4 ms, trsm 3 ms, syrk 2 ms, gemm 1 ms, with the usual
 *     critical-path priorities;
 *   - a layered random DAG on 24 handles (14 layers of 24 tasks): in each
 *     layer every handle is written once (RW) by a task that also reads 0 to 2
 *     other handles; its duration (1, 2, 3 or 4 ms) and priority are drawn
 *     from a fixed-seed generator.
 * Two random layers follow each Cholesky step.
 *
 * There is one codelet per duration ("spin_1ms" ... "spin_4ms"), so each
 * duration has its own kernel model. A kernel spins on
 * clock_gettime(CLOCK_MONOTONIC) until its duration has passed: it never
 * sleeps, and being preempted does not make it longer.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "hcc/hcc.h"

enum { NT = 7, NRAND = 24, LAYERS_PER_STEP = 2, HANDLE_BYTES = 4096 };

static double seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void spin(void *const *buffers, void *arg) {
  (void)buffers;
  const double end = seconds() + *(const double *)arg;
  while (seconds() < end) {
  }
}

#define NKERNELS 4
static const hcc_codelet kernels[NKERNELS] = {
    {"spin_1ms", spin, NULL, 0, NULL, 0},
    {"spin_2ms", spin, NULL, 0, NULL, 0},
    {"spin_3ms", spin, NULL, 0, NULL, 0},
    {"spin_4ms", spin, NULL, 0, NULL, 0},
};
static const double durations[NKERNELS] = {1e-3, 2e-3, 3e-3, 4e-3};

static long submitted;

/* Kernel k (0..3) lasts k+1 ms. */
static void submit(int k, int prio, hcc_access *acc, int n) {
  double d = durations[k];
  hcc_task_desc desc = {&kernels[k], &d, sizeof d, acc, n, NULL, 0, prio, NULL};
  if (hcc_submit(&desc) != 0) exit(1);
  submitted++;
}

/* xorshift64*: the same sequence on every platform. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static unsigned rnd(unsigned n) {
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return (unsigned)((rng_state * 0x2545f4914f6cdd1dull) >> 33) % n;
}

static hcc_handle tile[NT][NT]; /* lower triangle */
static hcc_handle cell[NRAND];

static void random_layer(void) {
  int order[NRAND];
  for (int i = 0; i < NRAND; ++i) order[i] = i;
  for (int i = NRAND - 1; i > 0; --i) { /* Fisher-Yates */
    int j = (int)rnd((unsigned)i + 1), t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  for (int i = 0; i < NRAND; ++i) {
    const int w = order[i];
    hcc_access acc[3] = {{cell[w], HCC_RW}};
    int n = 1;
    const int nreads = (int)rnd(3);
    for (int r = 0; r < nreads; ++r) {
      int c = (int)rnd(NRAND);
      int dup = c == w;
      for (int q = 1; q < n; ++q) dup |= acc[q].handle == cell[c];
      if (!dup) acc[n++] = (hcc_access){cell[c], HCC_R};
    }
    submit((int)rnd(NKERNELS), (int)rnd(3 * NT), acc, n);
  }
}

int main(void) {
  if (hcc_init() != 0) return 1;
  const int nhandles = NT * (NT + 1) / 2 + NRAND;
  char *memory = malloc((size_t)nhandles * HANDLE_BYTES);
  if (!memory) return 1;
  int next = 0;
  for (int i = 0; i < NT; ++i)
    for (int j = 0; j <= i; ++j) tile[i][j] = hcc_data_register(memory + (size_t)next++ * HANDLE_BYTES, HANDLE_BYTES);
  for (int i = 0; i < NRAND; ++i) cell[i] = hcc_data_register(memory + (size_t)next++ * HANDLE_BYTES, HANDLE_BYTES);

  for (int k = 0; k < NT; ++k) {
    hcc_access p[] = {{tile[k][k], HCC_RW}};
    submit(3, 3 * NT, p, 1);
    for (int m = k + 1; m < NT; ++m) {
      hcc_access t[] = {{tile[k][k], HCC_R}, {tile[m][k], HCC_RW}};
      submit(2, 3 * NT - (m - k), t, 2);
    }
    for (int m = k + 1; m < NT; ++m) {
      hcc_access s[] = {{tile[m][k], HCC_R}, {tile[m][m], HCC_RW}};
      submit(1, 2 * NT - (m - k), s, 2);
      for (int j = k + 1; j < m; ++j) {
        hcc_access g[] = {{tile[m][k], HCC_R}, {tile[j][k], HCC_R}, {tile[m][j], HCC_RW}};
        submit(0, 2 * NT - (m - k) - (j - k), g, 3);
      }
    }
    for (int l = 0; l < LAYERS_PER_STEP; ++l) random_layer();
  }
  hcc_wait_all();
  for (int i = 0; i < NT; ++i)
    for (int j = 0; j <= i; ++j) hcc_data_unregister(tile[i][j]);
  for (int i = 0; i < NRAND; ++i) hcc_data_unregister(cell[i]);
  free(memory);
  printf("fixed_dag: tasks=%ld handles=%d\n", submitted, nhandles);
  hcc_shutdown();
  return 0;
}
