/* Tiled LU factorisation without pivoting, A = L U (L unit lower), in plain
 * OpenMP tasks.
 *
 * The test matrix is non-symmetric and strictly diagonally dominant by rows
 * and columns (off-diagonal entries in [0, 1), diagonal N + 1), so LU without
 * pivoting is stable. It is stored as separately allocated NB x NB
 * column-major tiles A[i][j]. The diagonal tile kernel (getrf without
 * pivoting) is written in C; the panel solves and trailing updates call
 * cblas_dtrsm and cblas_dgemm with openblas_set_num_threads(1). Tasks order
 * themselves with depend(in/inout: A[i][j][0:nb*nb]) on whole tiles.
 * `#pragma hcc params(NB = nb)` gives each kernel task its tile size, for the
 * hccsim driver's kernel models (gcc and clang ignore it). Each kernel task's
 * body is one call, whose function names the kernel.
 *
 * Built with -DLU_CUDA (and -lcublas -lcusolver) by the hccsim driver, each
 * kernel task also has a CUDA implementation (`#pragma hcc task impl(cuda:
 * ...)`: cuSOLVER getrf without pivoting, cuBLAS trsm and gemm on the
 * stream the runtime gives the task); gcc and clang build the file unchanged
 * without it.
 *
 * Self-check: || A x - L (U x) ||_max / (||A||_max N) with x = (1, ..., 1),
 * computed in O(N^2), must be below 1e-12. Every update of a tile is ordered
 * by its inout dependences, so the result (and the printed residual) does not
 * depend on the number of threads.
 *
 *   lu-omp [N] [NB]    matrix order N (default 512), tile size NB (64)
 *
 * Prints "lu: N=.. NB=.. residual=... ok" and exits 0, or "FAILED" and
 * exits 1. Built with `hccsim -fsimulate` (__HCCSIM_SIMULATE__), the task
 * bodies are not all run, so there is nothing to check: it prints
 * "lu: N=.. NB=.. simulated" and exits 0. With EXAMPLE_TIME=1 in the
 * environment it also prints the wall time of the factorisation (after the
 * tiles are generated, up to the end of the parallel region) on stderr:
 * "lu: factorization seconds=...". With EXAMPLE_CHECK=0 the residual is not
 * computed: "unchecked".
 */
#include <cblas.h>
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Entry (i, j) of the test matrix: non-symmetric, diagonally dominant. */
static double matrix_entry(int i, int j, int n) {
  if (i == j) return n + 1.0;
  uint64_t h = (uint64_t)i * 0x9e3779b97f4a7c15ull + (uint64_t)j * 0xc2b2ae3d27d4eb4full + 12345u;
  h ^= h >> 31;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return (double)(h % 1000) / 1000.0;
}

static void init_tile(double *t, int ti, int tj, int nb, int n) {
  for (int j = 0; j < nb; ++j)
    for (int i = 0; i < nb; ++i) t[(size_t)j * nb + i] = matrix_entry(ti * nb + i, tj * nb + j, n);
}

/* In-place LU without pivoting of a column-major nb x nb tile: the strictly
 * lower part becomes L (unit diagonal implied), the upper part U. Returns the
 * 1-based index of the first zero pivot, 0 on success. */
static int getrf_nopiv(double *a, int nb) {
  for (int k = 0; k < nb; ++k) {
    const double pivot = a[(size_t)k * nb + k];
    if (pivot == 0.0) return k + 1;
    for (int i = k + 1; i < nb; ++i) a[(size_t)k * nb + i] /= pivot;
    for (int j = k + 1; j < nb; ++j) {
      const double ukj = a[(size_t)j * nb + k];
      for (int i = k + 1; i < nb; ++i) a[(size_t)j * nb + i] -= a[(size_t)k * nb + i] * ukj;
    }
  }
  return 0;
}

/* The diagonal tile k; the first zero pivot's row goes to *failed. */
static void getrf(double *akk, int nb, int k, int *failed) {
  int info = getrf_nopiv(akk, nb);
  if (info != 0) {
#pragma omp atomic write
    *failed = k * nb + info;
  }
}

/* A[k][j] = L[k][k]^-1 A[k][j] */
static void trsm_row(const double *akk, double *akj, int nb) {
  cblas_dtrsm(CblasColMajor, CblasLeft, CblasLower, CblasNoTrans, CblasUnit, nb, nb, 1.0, akk, nb, akj, nb);
}

/* A[i][k] = A[i][k] U[k][k]^-1 */
static void trsm_col(const double *akk, double *aik, int nb) {
  cblas_dtrsm(CblasColMajor, CblasRight, CblasUpper, CblasNoTrans, CblasNonUnit, nb, nb, 1.0, akk, nb, aik, nb);
}

/* A[i][j] -= A[i][k] A[k][j] */
static void gemm(const double *aik, const double *akj, double *aij, int nb) {
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, nb, nb, nb, -1.0, aik, nb, akj, nb, 1.0, aij, nb);
}

#ifdef LU_CUDA
#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <cusolverDn.h>

void *hcc_cuda_stream(void); /* hcc/hcc.h: the stream of the task's GPU worker */

/* One cuBLAS and one cuSOLVER handle per GPU worker thread, on the stream the
 * runtime gives the task, which it waits for: nothing here synchronises. */
static _Thread_local cublasHandle_t blas_handle;
static _Thread_local cusolverDnHandle_t solver_handle;
static _Thread_local double *getrf_work;
static _Thread_local int getrf_lwork, *getrf_info;

static cublasHandle_t blas(void) {
  if (!blas_handle) cublasCreate(&blas_handle);
  cublasSetStream(blas_handle, (cudaStream_t)hcc_cuda_stream());
  return blas_handle;
}

/* cuSOLVER's getrf without a pivot array does not pivot. A zero pivot is not
 * read back here (that would wait for the device): the residual shows it. */
static void getrf_cuda(double *akk, int nb, int k, int *failed) {
  (void)k, (void)failed;
  if (!solver_handle) cusolverDnCreate(&solver_handle);
  cusolverDnSetStream(solver_handle, (cudaStream_t)hcc_cuda_stream());
  int lwork = 0;
  cusolverDnDgetrf_bufferSize(solver_handle, nb, nb, akk, nb, &lwork);
  if (lwork > getrf_lwork) { /* once per tile size: cudaFree waits for the device */
    cudaFree(getrf_work);
    if (!getrf_info) cudaMalloc((void **)&getrf_info, sizeof *getrf_info);
    cudaMalloc((void **)&getrf_work, (size_t)lwork * sizeof *getrf_work);
    getrf_lwork = lwork;
  }
  cusolverDnDgetrf(solver_handle, nb, nb, akk, nb, getrf_work, NULL, getrf_info);
}

static void trsm_row_cuda(const double *akk, double *akj, int nb) {
  const double one = 1.0;
  cublasDtrsm(blas(), CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, nb, nb, &one, akk, nb,
              akj, nb);
}

static void trsm_col_cuda(const double *akk, double *aik, int nb) {
  const double one = 1.0;
  cublasDtrsm(blas(), CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, nb, nb, &one, akk,
              nb, aik, nb);
}

static void gemm_cuda(const double *aik, const double *akj, double *aij, int nb) {
  const double one = 1.0, minus_one = -1.0;
  cublasDgemm(blas(), CUBLAS_OP_N, CUBLAS_OP_N, nb, nb, nb, &minus_one, aik, nb, akj, nb, &one, aij, nb);
}
#endif

/* OpenMP's clock: the simulated one in a simulation. */
static double now(void) { return omp_get_wtime(); }

static double entry(double ***A, int nb, int i, int j) { return A[i / nb][j / nb][(size_t)(j % nb) * nb + i % nb]; }

/* || A x - L (U x) ||_max / (||A||_max n) with x = (1, ..., 1). */
static double residual(double ***A, int nb, int n) {
  double *y = calloc(n, sizeof *y), *z = calloc(n, sizeof *z);
  double anorm = 0, rnorm = 0;
  for (int i = 0; i < n; ++i) /* y = U x */
    for (int j = i; j < n; ++j) y[i] += entry(A, nb, i, j);
  for (int i = 0; i < n; ++i) { /* z = L y, unit diagonal */
    z[i] = y[i];
    for (int j = 0; j < i; ++j) z[i] += entry(A, nb, i, j) * y[j];
  }
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
  int n = argc > 1 ? atoi(argv[1]) : 512;
  int nb = argc > 2 ? atoi(argv[2]) : 64;
  if (n <= 0 || nb <= 0 || n % nb != 0) {
    fprintf(stderr, "usage: lu-omp [N] [NB] with N a positive multiple of NB\n");
    return 2;
  }
  openblas_set_num_threads(1); /* one core per task: OpenMP provides the parallelism */
  const int nt = n / nb;
  const size_t tile_bytes = (size_t)nb * nb * sizeof(double);

  double ***A = malloc((size_t)nt * sizeof *A);
  for (int i = 0; i < nt; ++i) {
    A[i] = malloc((size_t)nt * sizeof *A[i]);
    for (int j = 0; j < nt; ++j) A[i][j] = malloc(tile_bytes);
  }

  const char *time_env = getenv("EXAMPLE_TIME");
  const int timed = time_env != NULL && time_env[0] == '1';
  double t0 = 0;
  int failed = 0; /* first zero pivot reported by a diagonal tile */
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < nt; ++i)
      for (int j = 0; j < nt; ++j) {
#pragma omp task depend(out: A[i][j][0:nb*nb])
        init_tile(A[i][j], i, j, nb, n);
      }
    if (timed) { /* time the factorisation alone */
#pragma omp taskwait
      t0 = now();
    }
    for (int k = 0; k < nt; ++k) {
#pragma omp task depend(inout: A[k][k][0:nb*nb]) priority(3 * nt)
#pragma hcc params(NB = nb)
#ifdef LU_CUDA
#pragma hcc task impl(cuda: getrf_cuda)
#endif
      getrf(A[k][k], nb, k, &failed);
      for (int j = k + 1; j < nt; ++j) {
#pragma omp task depend(in: A[k][k][0:nb*nb]) depend(inout: A[k][j][0:nb*nb]) priority(3 * nt - (j - k))
#pragma hcc params(NB = nb)
#ifdef LU_CUDA
#pragma hcc task impl(cuda: trsm_row_cuda)
#endif
        trsm_row(A[k][k], A[k][j], nb);
      }
      for (int i = k + 1; i < nt; ++i) {
#pragma omp task depend(in: A[k][k][0:nb*nb]) depend(inout: A[i][k][0:nb*nb]) priority(3 * nt - (i - k))
#pragma hcc params(NB = nb)
#ifdef LU_CUDA
#pragma hcc task impl(cuda: trsm_col_cuda)
#endif
        trsm_col(A[k][k], A[i][k], nb);
      }
      for (int i = k + 1; i < nt; ++i)
        for (int j = k + 1; j < nt; ++j) {
#pragma omp task depend(in: A[i][k][0:nb*nb], A[k][j][0:nb*nb]) depend(inout: A[i][j][0:nb*nb]) \
    priority(2 * nt - (i - k) - (j - k))
#pragma hcc params(NB = nb)
#ifdef LU_CUDA
#pragma hcc task impl(cuda: gemm_cuda)
#endif
          gemm(A[i][k], A[k][j], A[i][j], nb);
        }
    }
  } /* implicit barrier: every task has completed */
  if (timed) fprintf(stderr, "lu: factorization seconds=%.6f\n", now() - t0);

  int status = 0;
#ifdef __HCCSIM_SIMULATE__
  (void)failed; /* the kernels did not all run: nothing to check */
  (void)residual;
  printf("lu: N=%d NB=%d simulated\n", n, nb);
#else
  if (failed != 0) {
    printf("lu: N=%d NB=%d zero pivot at row %d FAILED\n", n, nb, failed);
    status = 1;
  } else if (getenv("EXAMPLE_CHECK") && getenv("EXAMPLE_CHECK")[0] == '0') {
    printf("lu: N=%d NB=%d unchecked\n", n, nb);
  } else {
    double r = residual(A, nb, n);
    status = !(r < 1e-12);
    printf("lu: N=%d NB=%d residual=%.3e %s\n", n, nb, r, status ? "FAILED" : "ok");
  }
#endif
  for (int i = 0; i < nt; ++i) {
    for (int j = 0; j < nt; ++j) free(A[i][j]);
    free(A[i]);
  }
  free(A);
  return status;
}
