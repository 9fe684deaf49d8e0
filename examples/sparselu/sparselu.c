/* Sparse LU factorisation of a block matrix, after the BOTS SparseLU kernel,
 * in plain OpenMP tasks with dependences.
 *
 * The matrix has NB x NB blocks of BS x BS doubles (row-major); many blocks
 * are NULL (the deterministic BOTS fill pattern: the diagonal and its two
 * neighbours, plus every third row/column band). Entries come from the BOTS
 * linear congruential generator; diagonal blocks get an extra 4 BS on their
 * diagonal so that factorising without pivoting stays well conditioned. The
 * kernels lu0 (diagonal block), fwd (row panel), bdiv (column panel) and
 * bmod (trailing update) are the BOTS ones in plain C. As in BOTS, the
 * task-creating code allocates a zeroed block before the bmod task that
 * fills it in; tasks order themselves with depend(in/inout: M[i*nb+j][0]) on
 * the first element of each block.
 *
 * Self-check: the same algorithm runs sequentially on a second copy, and the
 * two results must agree to max |diff| < 1e-12 (they are in fact bitwise
 * equal: every block sees its updates in the same order). The printed
 * checksum (sum of all entries, then of their absolute values) does not
 * depend on the number of threads.
 *
 *   sparselu-omp [NB] [BS]    blocks per dimension NB (default 24), block size BS (32)
 *
 * Prints "sparselu: NB=.. BS=.. blocks=.. fill=.. checksum=.. ok" and exits
 * 0, or "FAILED" and exits 1. Built with `hccsim -fsimulate`
 * (__HCCSIM_SIMULATE__), the task bodies are not all run, so there is nothing
 * to check: it prints "sparselu: NB=.. BS=.. blocks=.. fill=.. simulated"
 * (the fill-in is counted by the task-creating code) and exits 0.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* BOTS genmat: NULL blocks outside the diagonal band, except every third
 * row/column band; odd rows and columns are empty. */
static int null_entry(int ii, int jj) {
  int null = 0;
  if (ii < jj && ii % 3 != 0) null = 1;
  if (ii > jj && jj % 3 != 0) null = 1;
  if (ii % 2 == 1) null = 1;
  if (jj % 2 == 1) null = 1;
  if (ii == jj) null = 0;
  if (ii == jj - 1) null = 0;
  if (ii - 1 == jj) null = 0;
  return null;
}

static void genmat(double **M, int nb, int bs) {
  long init_val = 1325;
  for (int ii = 0; ii < nb; ++ii)
    for (int jj = 0; jj < nb; ++jj) {
      M[ii * nb + jj] = NULL;
      if (null_entry(ii, jj)) continue;
      double *p = malloc((size_t)bs * bs * sizeof *p);
      for (int i = 0; i < bs; ++i)
        for (int j = 0; j < bs; ++j) {
          init_val = (3125 * init_val) % 65536;
          p[i * bs + j] = (init_val - 32768.0) / 16384.0;
        }
      if (ii == jj)
        for (int i = 0; i < bs; ++i) p[i * bs + i] += 4.0 * bs;
      M[ii * nb + jj] = p;
    }
}

static double *allocate_clean_block(int bs) { return calloc((size_t)bs * bs, sizeof(double)); }

/* LU of a diagonal block, no pivoting. */
static void lu0(double *diag, int bs) {
  for (int k = 0; k < bs; ++k)
    for (int i = k + 1; i < bs; ++i) {
      diag[i * bs + k] = diag[i * bs + k] / diag[k * bs + k];
      for (int j = k + 1; j < bs; ++j) diag[i * bs + j] = diag[i * bs + j] - diag[i * bs + k] * diag[k * bs + j];
    }
}

/* Column panel: row = row U^-1 (and its multipliers). */
static void bdiv(const double *diag, double *row, int bs) {
  for (int i = 0; i < bs; ++i)
    for (int k = 0; k < bs; ++k) {
      row[i * bs + k] = row[i * bs + k] / diag[k * bs + k];
      for (int j = k + 1; j < bs; ++j) row[i * bs + j] = row[i * bs + j] - row[i * bs + k] * diag[k * bs + j];
    }
}

/* Trailing update: inner -= row col. */
static void bmod(const double *row, const double *col, double *inner, int bs) {
  for (int i = 0; i < bs; ++i)
    for (int j = 0; j < bs; ++j)
      for (int k = 0; k < bs; ++k) inner[i * bs + j] = inner[i * bs + j] - row[i * bs + k] * col[k * bs + j];
}

/* Row panel: col = L^-1 col (unit lower L). */
static void fwd(const double *diag, double *col, int bs) {
  for (int j = 0; j < bs; ++j)
    for (int k = 0; k < bs; ++k)
      for (int i = k + 1; i < bs; ++i) col[i * bs + j] = col[i * bs + j] - diag[i * bs + k] * col[k * bs + j];
}

/* The reference: the same algorithm without tasks. Returns the fill-in. */
static int sparselu_seq(double **M, int nb, int bs) {
  int fill = 0;
  for (int kk = 0; kk < nb; ++kk) {
    lu0(M[kk * nb + kk], bs);
    for (int jj = kk + 1; jj < nb; ++jj)
      if (M[kk * nb + jj] != NULL) fwd(M[kk * nb + kk], M[kk * nb + jj], bs);
    for (int ii = kk + 1; ii < nb; ++ii)
      if (M[ii * nb + kk] != NULL) bdiv(M[kk * nb + kk], M[ii * nb + kk], bs);
    for (int ii = kk + 1; ii < nb; ++ii)
      if (M[ii * nb + kk] != NULL)
        for (int jj = kk + 1; jj < nb; ++jj)
          if (M[kk * nb + jj] != NULL) {
            if (M[ii * nb + jj] == NULL) {
              M[ii * nb + jj] = allocate_clean_block(bs);
              ++fill;
            }
            bmod(M[ii * nb + kk], M[kk * nb + jj], M[ii * nb + jj], bs);
          }
  }
  return fill;
}

/* The task version: one task per kernel call, ordered by dependences on the
 * blocks' first elements; the creating code allocates fill-in blocks before
 * the task that updates them. Returns the fill-in. */
static int sparselu_tasks(double **M, int nb, int bs) {
  int fill = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int kk = 0; kk < nb; ++kk) {
#pragma omp task depend(inout: M[kk * nb + kk][0])
      lu0(M[kk * nb + kk], bs);
      for (int jj = kk + 1; jj < nb; ++jj)
        if (M[kk * nb + jj] != NULL) {
#pragma omp task depend(in: M[kk * nb + kk][0]) depend(inout: M[kk * nb + jj][0])
          fwd(M[kk * nb + kk], M[kk * nb + jj], bs);
        }
      for (int ii = kk + 1; ii < nb; ++ii)
        if (M[ii * nb + kk] != NULL) {
#pragma omp task depend(in: M[kk * nb + kk][0]) depend(inout: M[ii * nb + kk][0])
          bdiv(M[kk * nb + kk], M[ii * nb + kk], bs);
        }
      for (int ii = kk + 1; ii < nb; ++ii)
        if (M[ii * nb + kk] != NULL)
          for (int jj = kk + 1; jj < nb; ++jj)
            if (M[kk * nb + jj] != NULL) {
              if (M[ii * nb + jj] == NULL) {
                M[ii * nb + jj] = allocate_clean_block(bs);
                ++fill;
              }
#pragma omp task depend(in: M[ii * nb + kk][0], M[kk * nb + jj][0]) depend(inout: M[ii * nb + jj][0])
              bmod(M[ii * nb + kk], M[kk * nb + jj], M[ii * nb + jj], bs);
            }
    }
  } /* implicit barrier: every task has completed */
  return fill;
}

int main(int argc, char **argv) {
  int nb = argc > 1 ? atoi(argv[1]) : 24;
  int bs = argc > 2 ? atoi(argv[2]) : 32;
  if (nb <= 0 || bs <= 0) {
    fprintf(stderr, "usage: sparselu-omp [NB] [BS] with NB, BS positive\n");
    return 2;
  }
  double **par = malloc((size_t)nb * nb * sizeof *par);
  double **seq = malloc((size_t)nb * nb * sizeof *seq);
  genmat(par, nb, bs);
  genmat(seq, nb, bs);
  int blocks = 0;
  for (int b = 0; b < nb * nb; ++b) blocks += par[b] != NULL;

  int fill = sparselu_tasks(par, nb, bs);
#ifdef __HCCSIM_SIMULATE__
  /* The kernels did not all run: nothing to check. */
  printf("sparselu: NB=%d BS=%d blocks=%d fill=%d simulated\n", nb, bs, blocks, fill);
  (void)sparselu_seq;
  int status = 0;
#else
  int fill_seq = sparselu_seq(seq, nb, bs);

  int status = fill != fill_seq;
  double maxdiff = 0, sum = 0, asum = 0;
  for (int b = 0; b < nb * nb && !status; ++b) {
    if ((par[b] == NULL) != (seq[b] == NULL)) {
      status = 1;
      break;
    }
    if (par[b] == NULL) continue;
    for (int e = 0; e < bs * bs; ++e) {
      double d = fabs(par[b][e] - seq[b][e]);
      if (!(d <= maxdiff)) maxdiff = d; /* also catches NaN */
      sum += par[b][e];
      asum += fabs(par[b][e]);
    }
  }
  if (!(maxdiff < 1e-12) || !isfinite(asum)) status = 1;
  printf("sparselu: NB=%d BS=%d blocks=%d fill=%d checksum=%.12e,%.12e %s\n", nb, bs, blocks, fill, sum, asum,
         status ? "FAILED" : "ok");
  if (status) fprintf(stderr, "sparselu: max |task - sequential| = %g\n", maxdiff);
#endif
  for (int b = 0; b < nb * nb; ++b) {
    free(par[b]);
    free(seq[b]);
  }
  free(par);
  free(seq);
  return status;
}
