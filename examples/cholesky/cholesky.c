/* Tiled Cholesky factorisation A = L L^T (lower) in plain OpenMP tasks.
 *
 * The symmetric positive definite test matrix is the one of
 * examples/capi-cholesky/cholesky.c, stored as separately allocated NB x NB
 * column-major tiles (A[i][j], i >= j). Tasks call OpenBLAS/LAPACKE kernels
 * (dpotrf, dtrsm, dsyrk, dgemm) with openblas_set_num_threads(1) and order
 * themselves with depend(in/inout: A[i][j][0:nb*nb]) on whole tiles;
 * priority(...) favours the critical path. `#pragma hcc params(NB = nb)`
 * gives each kernel task its tile size, for the hccsim driver's kernel models
 * (gcc and clang ignore it). Each kernel task's body is one call, whose
 * function names the kernel.
 *
 * Built with -DCHOLESKY_CUDA (and -lcublas -lcusolver) by the hccsim driver,
 * each kernel task also has a CUDA implementation (`#pragma hcc task
 * impl(cuda: ...)`: cuSOLVER potrf, cuBLAS trsm, syrk, gemm on the stream the
 * runtime gives the task), so that GPU workers share the work with the CPU
 * cores. gcc and clang build the file unchanged without it.
 *
 * Self-check: || A x - L (L^T x) ||_max / (||A||_max N) with x = (1, ..., 1),
 * computed in O(N^2), must be below 1e-12. Every update of a tile is ordered
 * by its inout dependences, so the result (and the printed residual) does
 * not depend on the number of threads.
 *
 *   cholesky-omp [N] [NB]    matrix order N (default 512), tile size NB (64)
 *
 * Prints "cholesky: N=.. NB=.. residual=... ok" and exits 0, or "FAILED"
 * and exits 1. Built with `hccsim -fsimulate` (__HCCSIM_SIMULATE__), the task
 * bodies are not all run, so there is nothing to check: it prints
 * "cholesky: N=.. NB=.. simulated" and exits 0. With EXAMPLE_TIME=1 in the
 * environment it also prints the wall time of the factorisation (after the
 * tiles are generated, up to the end of the parallel region) on stderr:
 * "cholesky: factorization seconds=...". With EXAMPLE_CHECK=0 the residual
 * (O(N^2) on one thread, minutes at N=32768) is not computed: "unchecked".
 */
#include <cblas.h>
#include <lapacke.h>
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

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

static void init_tile(double *t, int ti, int tj, int nb, int n) {
  for (int j = 0; j < nb; ++j)
    for (int i = 0; i < nb; ++i) t[(size_t)j * nb + i] = matrix_entry(ti * nb + i, tj * nb + j, n);
}

/* A[k][k] = L[k][k]; the info of the first failing factorisation goes to *failed. */
static void potrf(double *akk, int nb, int *failed) {
  int info = LAPACKE_dpotrf_work(LAPACK_COL_MAJOR, 'L', nb, akk, nb);
  if (info != 0) {
#pragma omp atomic write
    *failed = info;
  }
}

/* A[m][k] = A[m][k] L[k][k]^-T */
static void trsm(const double *akk, double *amk, int nb) {
  cblas_dtrsm(CblasColMajor, CblasRight, CblasLower, CblasTrans, CblasNonUnit, nb, nb, 1.0, akk, nb, amk, nb);
}

/* A[m][m] -= A[m][k] A[m][k]^T */
static void syrk(const double *amk, double *amm, int nb) {
  cblas_dsyrk(CblasColMajor, CblasLower, CblasNoTrans, nb, nb, -1.0, amk, nb, 1.0, amm, nb);
}

/* A[m][j] -= A[m][k] A[j][k]^T */
static void gemm(const double *amk, const double *ajk, double *amj, int nb) {
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasTrans, nb, nb, nb, -1.0, amk, nb, ajk, nb, 1.0, amj, nb);
}

#ifdef CHOLESKY_CUDA
#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <cusolverDn.h>

void *hcc_cuda_stream(void); /* hcc/hcc.h: the stream of the task's GPU worker */

/* One cuBLAS and one cuSOLVER handle per GPU worker thread, set to the stream
 * the runtime gives the task: the runtime waits for that stream, so nothing
 * here synchronises. */
static _Thread_local cublasHandle_t blas_handle;
static _Thread_local cusolverDnHandle_t solver_handle;
static _Thread_local double *potrf_work;
static _Thread_local int potrf_lwork, *potrf_info;

static cublasHandle_t blas(void) {
  if (!blas_handle) cublasCreate(&blas_handle);
  cublasSetStream(blas_handle, (cudaStream_t)hcc_cuda_stream());
  return blas_handle;
}

/* A failure is not read back here (that would wait for the device): the
 * residual shows it. */
static void potrf_cuda(double *akk, int nb, int *failed) {
  (void)failed;
  if (!solver_handle) cusolverDnCreate(&solver_handle);
  cusolverDnSetStream(solver_handle, (cudaStream_t)hcc_cuda_stream());
  int lwork = 0;
  cusolverDnDpotrf_bufferSize(solver_handle, CUBLAS_FILL_MODE_LOWER, nb, akk, nb, &lwork);
  if (lwork > potrf_lwork) { /* once per tile size: cudaFree waits for the device */
    cudaFree(potrf_work);
    if (!potrf_info) cudaMalloc((void **)&potrf_info, sizeof *potrf_info);
    cudaMalloc((void **)&potrf_work, (size_t)lwork * sizeof *potrf_work);
    potrf_lwork = lwork;
  }
  cusolverDnDpotrf(solver_handle, CUBLAS_FILL_MODE_LOWER, nb, akk, nb, potrf_work, potrf_lwork, potrf_info);
}

static void trsm_cuda(const double *akk, double *amk, int nb) {
  const double one = 1.0;
  cublasDtrsm(blas(), CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT, nb, nb, &one,
              akk, nb, amk, nb);
}

static void syrk_cuda(const double *amk, double *amm, int nb) {
  const double one = 1.0, minus_one = -1.0;
  cublasDsyrk(blas(), CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, nb, nb, &minus_one, amk, nb, &one, amm, nb);
}

static void gemm_cuda(const double *amk, const double *ajk, double *amj, int nb) {
  const double one = 1.0, minus_one = -1.0;
  cublasDgemm(blas(), CUBLAS_OP_N, CUBLAS_OP_T, nb, nb, nb, &minus_one, amk, nb, ajk, nb, &one, amj, nb);
}
#endif

/* OpenMP's clock: the simulated one in a simulation. */
static double now(void) { return omp_get_wtime(); }

/* || A x - L (L^T x) ||_max / (||A||_max n) with x = (1, ..., 1). */
static double residual(double ***A, int nb, int n) {
  double *y = calloc(n, sizeof *y), *z = calloc(n, sizeof *z);
  double anorm = 0, rnorm = 0;
  for (int j = 0; j < n; ++j) /* y = L^T x */
    for (int i = j; i < n; ++i) y[j] += A[i / nb][j / nb][(size_t)(j % nb) * nb + i % nb];
  for (int j = 0; j < n; ++j) /* z = L y */
    for (int i = j; i < n; ++i) z[i] += A[i / nb][j / nb][(size_t)(j % nb) * nb + i % nb] * y[j];
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
    fprintf(stderr, "usage: cholesky-omp [N] [NB] with N a positive multiple of NB\n");
    return 2;
  }
  openblas_set_num_threads(1); /* one core per task: OpenMP provides the parallelism */
  const int nt = n / nb;
  const size_t tile_bytes = (size_t)nb * nb * sizeof(double);

  /* A[i][j]: tile (i, j) of the lower triangle, NULL above the diagonal. */
  double ***A = malloc((size_t)nt * sizeof *A);
  for (int i = 0; i < nt; ++i) {
    A[i] = calloc((size_t)nt, sizeof *A[i]);
    for (int j = 0; j <= i; ++j) A[i][j] = malloc(tile_bytes);
  }

  const char *time_env = getenv("EXAMPLE_TIME");
  const int timed = time_env != NULL && time_env[0] == '1';
  double t0 = 0;
  int failed = 0; /* info of the first failing dpotrf */
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < nt; ++i)
      for (int j = 0; j <= i; ++j) {
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
#ifdef CHOLESKY_CUDA
#pragma hcc task impl(cuda: potrf_cuda)
#endif
      potrf(A[k][k], nb, &failed);
      for (int m = k + 1; m < nt; ++m) {
#pragma omp task depend(in: A[k][k][0:nb*nb]) depend(inout: A[m][k][0:nb*nb]) priority(3 * nt - (m - k))
#pragma hcc params(NB = nb)
#ifdef CHOLESKY_CUDA
#pragma hcc task impl(cuda: trsm_cuda)
#endif
        trsm(A[k][k], A[m][k], nb);
      }
      for (int m = k + 1; m < nt; ++m) {
#pragma omp task depend(in: A[m][k][0:nb*nb]) depend(inout: A[m][m][0:nb*nb]) priority(2 * nt - (m - k))
#pragma hcc params(NB = nb)
#ifdef CHOLESKY_CUDA
#pragma hcc task impl(cuda: syrk_cuda)
#endif
        syrk(A[m][k], A[m][m], nb);
        for (int j = k + 1; j < m; ++j) {
#pragma omp task depend(in: A[m][k][0:nb*nb], A[j][k][0:nb*nb]) depend(inout: A[m][j][0:nb*nb]) \
    priority(2 * nt - (m - k) - (j - k))
#pragma hcc params(NB = nb)
#ifdef CHOLESKY_CUDA
#pragma hcc task impl(cuda: gemm_cuda)
#endif
          gemm(A[m][k], A[j][k], A[m][j], nb);
        }
      }
    }
  } /* implicit barrier: every task has completed */
  if (timed) fprintf(stderr, "cholesky: factorization seconds=%.6f\n", now() - t0);

  int status = 0;
#ifdef __HCCSIM_SIMULATE__
  (void)failed; /* the kernels did not all run: nothing to check */
  (void)residual;
  printf("cholesky: N=%d NB=%d simulated\n", n, nb);
#else
  if (failed != 0) {
    printf("cholesky: N=%d NB=%d dpotrf failed (info=%d) FAILED\n", n, nb, failed);
    status = 1;
  } else if (getenv("EXAMPLE_CHECK") && getenv("EXAMPLE_CHECK")[0] == '0') {
    printf("cholesky: N=%d NB=%d unchecked\n", n, nb);
  } else {
    double r = residual(A, nb, n);
    status = !(r < 1e-12);
    printf("cholesky: N=%d NB=%d residual=%.3e %s\n", n, nb, r, status ? "FAILED" : "ok");
  }
#endif
  for (int i = 0; i < nt; ++i) {
    for (int j = 0; j <= i; ++j) free(A[i][j]);
    free(A[i]);
  }
  free(A);
  return status;
}
