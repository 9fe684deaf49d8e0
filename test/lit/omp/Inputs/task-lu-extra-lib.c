// Helper for task-lu-extra.c: an LU-like tiled factorisation whose
// function creates every task of the graph and returns without waiting.
// Tile (i,j) occupies m[T(i,j) : bs*bs]; arithmetic is modulo a prime.
#include <omp.h>

#define P 1000003UL
#define T(i, j) (((i) * nt + (j)) * bs * bs)

static void getrf(unsigned long *d, int bs) {
  for (int e = 0; e < bs * bs; e++)
    d[e] = (d[e] * 5 + 2) % P;
}
static void trsm_row(const unsigned long *d, unsigned long *b, int bs) {
  for (int e = 0; e < bs * bs; e++)
    b[e] = (b[e] + d[e] * (unsigned long)e) % P;
}
static void trsm_col(const unsigned long *d, unsigned long *b, int bs) {
  for (int e = 0; e < bs * bs; e++)
    b[e] = (b[e] * 3 + d[e]) % P;
}
static void gemm(const unsigned long *a, const unsigned long *b, unsigned long *c, int bs) {
  for (int i = 0; i < bs; i++)
    for (int j = 0; j < bs; j++) {
      unsigned long s = 0;
      for (int k = 0; k < bs; k++)
        s = (s + a[i * bs + k] * b[k * bs + j]) % P;
      c[i * bs + j] = (c[i * bs + j] + P - s) % P;
    }
}

/* With tasks != 0 each kernel is a task; otherwise it runs at once. */
void lu_factor(unsigned long *m, int nt, int bs, int tasks) {
  int sz = bs * bs;
  for (int k = 0; k < nt; k++) {
#pragma omp task if(tasks) depend(inout: m[T(k, k):sz]) firstprivate(m, k, nt, bs)
    getrf(m + T(k, k), bs);
    for (int j = k + 1; j < nt; j++) {
#pragma omp task if(tasks) depend(in: m[T(k, k):sz]) depend(inout: m[T(k, j):sz]) firstprivate(m, k, j, nt, bs)
      trsm_row(m + T(k, k), m + T(k, j), bs);
#pragma omp task if(tasks) depend(in: m[T(k, k):sz]) depend(inout: m[T(j, k):sz]) firstprivate(m, k, j, nt, bs)
      trsm_col(m + T(k, k), m + T(j, k), bs);
    }
    for (int i = k + 1; i < nt; i++)
      for (int j = k + 1; j < nt; j++) {
#pragma omp task if(tasks) depend(in: m[T(i, k):sz], m[T(k, j):sz]) depend(inout: m[T(i, j):sz]) \
    firstprivate(m, i, j, k, nt, bs)
        gemm(m + T(i, k), m + T(k, j), m + T(i, j), bs);
      }
  }
}

/* A task that reads every tile once all tiles are final; result in *out. */
void lu_checksum(const unsigned long *m, int nt, int bs, unsigned long *out) {
  int sz = bs * bs, n = nt * nt;
#pragma omp task depend(iterator(t = 0:n), in: m[t * sz:sz]) firstprivate(m, n, sz, out)
  {
    unsigned long s = 0;
    for (int e = 0; e < n * sz; e++)
      s = (s * 31 + m[e]) % P;
    *out = s;
  }
}
