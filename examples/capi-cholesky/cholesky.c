/* Tiled Cholesky factorisation (A = L L^T, lower) written against the hccsim
 * C ABI. Natively it factorises a generated symmetric positive definite
 * matrix with OpenBLAS/LAPACKE kernels and checks the residual; simulated, the
 * same submissions run on SimGrid and only the schedule is computed.
 *
 *   cholesky [N] [NB]     matrix order N (default 4096), tile size NB (512)
 */
#include <cblas.h>
#include <lapacke.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "hcc/hcc.h"

typedef struct {
  int nb;
  int ti, tj; /* tile coordinates, for the generator */
  int n;
} tile_arg;

static const char *const nb_param[] = {"NB"};

/* Entry (i, j) of the SPD test matrix: symmetric, diagonally dominant. */
static double matrix_entry(int i, int j, int n) {
  if (i == j) return 2.0 * n;
  uint64_t a = (uint64_t)(i < j ? i : j), b = (uint64_t)(i < j ? j : i);
  uint64_t h = (a * 2654435761u) ^ (b * 40503u + 0x9e3779b97f4a7c15ull);
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return (double)(h % 1000) / 1000.0;
}

static void init_tile(void *const *buf, void *varg) {
  const tile_arg *arg = varg;
  double *t = buf[0];
  for (int j = 0; j < arg->nb; ++j)
    for (int i = 0; i < arg->nb; ++i)
      t[(size_t)j * arg->nb + i] = matrix_entry(arg->ti * arg->nb + i, arg->tj * arg->nb + j, arg->n);
}

static void potrf(void *const *buf, void *varg) {
  const tile_arg *arg = varg;
  int info = LAPACKE_dpotrf_work(LAPACK_COL_MAJOR, 'L', arg->nb, buf[0], arg->nb);
  if (info != 0 && !hcc_is_simulated()) {
    fprintf(stderr, "cholesky: dpotrf failed (info=%d)\n", info);
    exit(1);
  }
}

static void trsm(void *const *buf, void *varg) {
  const tile_arg *arg = varg;
  cblas_dtrsm(CblasColMajor, CblasRight, CblasLower, CblasTrans, CblasNonUnit, arg->nb, arg->nb, 1.0,
              buf[0], arg->nb, buf[1], arg->nb);
}

static void syrk(void *const *buf, void *varg) {
  const tile_arg *arg = varg;
  cblas_dsyrk(CblasColMajor, CblasLower, CblasNoTrans, arg->nb, arg->nb, -1.0, buf[0], arg->nb, 1.0,
              buf[1], arg->nb);
}

static void gemm(void *const *buf, void *varg) {
  const tile_arg *arg = varg;
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasTrans, arg->nb, arg->nb, arg->nb, -1.0, buf[0], arg->nb,
              buf[1], arg->nb, 1.0, buf[2], arg->nb);
}

static const hcc_codelet init_cl = {"init", init_tile, NULL, 1, nb_param, 0};
static const hcc_codelet potrf_cl = {"potrf", potrf, NULL, 1, nb_param, 0};
static const hcc_codelet trsm_cl = {"trsm", trsm, NULL, 1, nb_param, 0};
static const hcc_codelet syrk_cl = {"syrk", syrk, NULL, 1, nb_param, 0};
static const hcc_codelet gemm_cl = {"gemm", gemm, NULL, 1, nb_param, 0};

static int submit(const hcc_codelet *cl, tile_arg arg, int priority, int n, hcc_access *acc) {
  double nb = arg.nb;
  hcc_task_desc d = {cl, &arg, sizeof arg, acc, n, &nb, 1, priority, NULL, 0, 0};
  return hcc_submit(&d);
}

/* || A x - L (L^T x) || / (||A|| ||x||) with x = (1, ..., 1), in O(N^2). */
static double residual(double **tiles, int nt, int nb, int n) {
  double *y = calloc(n, sizeof *y), *z = calloc(n, sizeof *z);
  double anorm = 0, rnorm = 0;
  /* y = L^T x */
  for (int j = 0; j < n; ++j)
    for (int i = j; i < n; ++i) y[j] += tiles[(i / nb) * nt + j / nb][(size_t)(j % nb) * nb + i % nb];
  /* z = L y */
  for (int j = 0; j < n; ++j)
    for (int i = j; i < n; ++i) z[i] += tiles[(i / nb) * nt + j / nb][(size_t)(j % nb) * nb + i % nb] * y[j];
  for (int i = 0; i < n; ++i) {
    double ax = 0;
    for (int j = 0; j < n; ++j) {
      double a = matrix_entry(i, j, n);
      ax += a;
      anorm = fmax(anorm, fabs(a));
    }
    rnorm = fmax(rnorm, fabs(ax - z[i]));
  }
  free(y);
  free(z);
  return rnorm / (anorm * n);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  int nb = argc > 2 ? atoi(argv[2]) : 512;
  if (n <= 0 || nb <= 0 || n % nb != 0) {
    fprintf(stderr, "usage: cholesky [N] [NB] with N a positive multiple of NB\n");
    return 2;
  }
  openblas_set_num_threads(1); /* one core per task: the runtime provides the parallelism */
  if (hcc_init() != 0) return 1;
  const int nt = n / nb;
  const size_t tile_bytes = (size_t)nb * nb * sizeof(double);
  double **tiles = malloc((size_t)nt * nt * sizeof *tiles);
  hcc_handle *h = malloc((size_t)nt * nt * sizeof *h);
  for (int i = 0; i < nt; ++i)
    for (int j = 0; j <= i; ++j) {
      tiles[i * nt + j] = hcc_malloc(tile_bytes);
      h[i * nt + j] = hcc_data_register(tiles[i * nt + j], tile_bytes);
    }

  long tasks = 0;
  for (int i = 0; i < nt; ++i)
    for (int j = 0; j <= i; ++j) {
      hcc_access a[] = {{h[i * nt + j], HCC_W}};
      tasks += submit(&init_cl, (tile_arg){nb, i, j, n}, 0, 1, a) == 0;
    }
  for (int k = 0; k < nt; ++k) {
    hcc_access pa[] = {{h[k * nt + k], HCC_RW}};
    tasks += submit(&potrf_cl, (tile_arg){nb, k, k, n}, 3 * nt, 1, pa) == 0;
    for (int m = k + 1; m < nt; ++m) {
      hcc_access ta[] = {{h[k * nt + k], HCC_R}, {h[m * nt + k], HCC_RW}};
      tasks += submit(&trsm_cl, (tile_arg){nb, m, k, n}, 3 * nt - (m - k), 2, ta) == 0;
    }
    for (int m = k + 1; m < nt; ++m) {
      hcc_access sa[] = {{h[m * nt + k], HCC_R}, {h[m * nt + m], HCC_RW}};
      tasks += submit(&syrk_cl, (tile_arg){nb, m, m, n}, 2 * nt - (m - k), 2, sa) == 0;
      for (int j = k + 1; j < m; ++j) {
        hcc_access ga[] = {{h[m * nt + k], HCC_R}, {h[j * nt + k], HCC_R}, {h[m * nt + j], HCC_RW}};
        tasks += submit(&gemm_cl, (tile_arg){nb, m, j, n}, 2 * nt - (m - k) - (j - k), 3, ga) == 0;
      }
    }
  }
  hcc_wait_all();
  printf("cholesky: N=%d NB=%d tiles=%d tasks=%ld\n", n, nb, nt, tasks);

  int status = 0;
  if (!hcc_is_simulated()) {
    double r = residual(tiles, nt, nb, n);
    status = !(r < 1e-12);
    printf("cholesky: residual=%.3e %s\n", r, status ? "FAILED" : "ok");
  }
  for (int i = 0; i < nt; ++i)
    for (int j = 0; j <= i; ++j) {
      hcc_data_unregister(h[i * nt + j]);
      hcc_free(tiles[i * nt + j]);
    }
  free(h);
  free(tiles);
  hcc_shutdown();
  return status;
}
