/* Tiled Cholesky factorisation A = L L^T (lower) written the usual way:
 * the whole N x N matrix in one column-major malloc (leading dimension N),
 * filled by a sequential loop, then OpenMP tasks on its NB x NB blocks,
 * each ordered by a depend item on the block's first element (blocks of a
 * column-major matrix are not contiguous). Kernels: OpenBLAS/LAPACKE with
 * leading dimension N, openblas_set_num_threads(1).
 *
 * Nothing here is written for hccsim: built with `hccsim -fsimulate`, the
 * matrix (one allocation above HCC_FOLD_THRESHOLD) is folded, so a size
 * this machine cannot hold is simulated in a few hundred MiB
 * (bench/fold_memory.py: N=102,400, an 84 GB matrix).
 *
 *   cholesky-lapack [N] [NB]   matrix order N (default 1024), block size NB (128)
 *
 * Prints "cholesky-lapack: N=.. NB=.. residual=... ok" (|| A x - L (L^T x)
 * ||_max / (||A||_max N) below 1e-12, x = (1, ..., 1)) and exits 0, or
 * "FAILED" and exits 1; built with -fsimulate (__HCCSIM_SIMULATE__), where
 * the kernels do not all run, "cholesky-lapack: N=.. NB=.. simulated". */
#include <cblas.h>
#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Entry (i, j), i >= j, of the SPD test matrix: diagonally dominant. */
static double entry(size_t i, size_t j, size_t n) { return i == j ? 2.0 * (double)n : 1.0 / (double)(1 + i + j); }

/* || A x - L (L^T x) ||_max / (||A||_max n), L in the lower triangle of a. */
static double residual(const double *a, size_t n) {
  double *y = calloc(n, sizeof *y), *z = calloc(n, sizeof *z);
  double anorm = 0, rnorm = 0;
  for (size_t j = 0; j < n; ++j) /* y = L^T x */
    for (size_t i = j; i < n; ++i) y[j] += a[j * n + i];
  for (size_t j = 0; j < n; ++j) /* z = L y */
    for (size_t i = j; i < n; ++i) z[i] += a[j * n + i] * y[j];
  for (size_t i = 0; i < n; ++i) {
    double ax = 0;
    for (size_t j = 0; j < n; ++j) {
      double e = i >= j ? entry(i, j, n) : entry(j, i, n);
      ax += e;
      anorm = fmax(anorm, fabs(e));
    }
    rnorm = fmax(rnorm, fabs(ax - z[i]));
  }
  free(y);
  free(z);
  return rnorm / (anorm * (double)n);
}

int main(int argc, char **argv) {
  const long n = argc > 1 ? atol(argv[1]) : 1024;
  const long nb = argc > 2 ? atol(argv[2]) : 128;
  if (n <= 0 || nb <= 0 || n % nb != 0) {
    fprintf(stderr, "usage: cholesky-lapack [N] [NB] with N a positive multiple of NB\n");
    return 2;
  }
  openblas_set_num_threads(1);
  const long nt = n / nb;
  double *a = malloc((size_t)n * (size_t)n * sizeof *a);
  if (!a) {
    fprintf(stderr, "cholesky-lapack: cannot allocate %ld x %ld doubles\n", n, n);
    return 1;
  }
  for (size_t j = 0; j < (size_t)n; ++j) /* the lower triangle, column by column */
    for (size_t i = j; i < (size_t)n; ++i) a[j * n + i] = entry(i, j, (size_t)n);

/* Block (i, j) starts at B(i, j). */
#define B(i, j) (a + (size_t)(j) * nb * n + (size_t)(i) * nb)
  int failed = 0;
#pragma omp parallel
#pragma omp single
  for (long k = 0; k < nt; ++k) {
#pragma omp task depend(inout: B(k, k)[0])
#pragma hcc params(NB = nb)
#pragma hcc task name("potrf")
    {
      int info = LAPACKE_dpotrf_work(LAPACK_COL_MAJOR, 'L', nb, B(k, k), n);
      if (info != 0) {
#pragma omp atomic write
        failed = info;
      }
    }
    for (long m = k + 1; m < nt; ++m) {
#pragma omp task depend(in: B(k, k)[0]) depend(inout: B(m, k)[0])
#pragma hcc params(NB = nb)
      cblas_dtrsm(CblasColMajor, CblasRight, CblasLower, CblasTrans, CblasNonUnit, nb, nb, 1.0, B(k, k), n,
                  B(m, k), n);
    }
    for (long m = k + 1; m < nt; ++m) {
#pragma omp task depend(in: B(m, k)[0]) depend(inout: B(m, m)[0])
#pragma hcc params(NB = nb)
      cblas_dsyrk(CblasColMajor, CblasLower, CblasNoTrans, nb, nb, -1.0, B(m, k), n, 1.0, B(m, m), n);
      for (long j = k + 1; j < m; ++j) {
#pragma omp task depend(in: B(m, k)[0], B(j, k)[0]) depend(inout: B(m, j)[0])
#pragma hcc params(NB = nb)
        cblas_dgemm(CblasColMajor, CblasNoTrans, CblasTrans, nb, nb, nb, -1.0, B(m, k), n, B(j, k), n, 1.0,
                    B(m, j), n);
      }
    }
  }

  int status = 0;
#ifdef __HCCSIM_SIMULATE__
  (void)failed;
  (void)residual;
  printf("cholesky-lapack: N=%ld NB=%ld simulated\n", n, nb);
#else
  if (failed != 0) {
    printf("cholesky-lapack: N=%ld NB=%ld dpotrf failed (info=%d) FAILED\n", n, nb, failed);
    status = 1;
  } else {
    const double r = residual(a, (size_t)n);
    status = !(r < 1e-12);
    printf("cholesky-lapack: N=%ld NB=%ld residual=%.3e %s\n", n, nb, r, status ? "FAILED" : "ok");
  }
#endif
  free(a);
  return status;
}
