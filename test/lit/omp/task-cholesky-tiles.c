// RUN: %omp-check %s
// Tiled Cholesky-like task graph (potrf/trsm/syrk/gemm) on integer tiles modulo a prime, with tile sections as depend items, matches the sequential result.
#include <stdio.h>
#include <string.h>
#include <omp.h>

#define NT 5 /* tiles per dimension */
#define BS 4 /* tile size */
#define P 1000003UL

typedef unsigned long tile[BS * BS];
static tile A[NT][NT], R[NT][NT];

static void potrf(unsigned long *d) {
  for (int e = 0; e < BS * BS; e++)
    d[e] = (d[e] * 3 + 1) % P;
}
static void trsm(const unsigned long *d, unsigned long *b) {
  for (int e = 0; e < BS * BS; e++)
    b[e] = (b[e] + d[e] * (e + 1)) % P;
}
/* c = c - a * b^T (mod P); syrk is gemm with a == b */
static void gemm(const unsigned long *a, const unsigned long *b, unsigned long *c) {
  for (int i = 0; i < BS; i++)
    for (int j = 0; j < BS; j++) {
      unsigned long s = 0;
      for (int k = 0; k < BS; k++)
        s = (s + a[i * BS + k] * b[j * BS + k]) % P;
      c[i * BS + j] = (c[i * BS + j] + P - s) % P;
    }
}

int main(void) {
  for (int i = 0; i < NT; i++)
    for (int j = 0; j < NT; j++)
      for (int e = 0; e < BS * BS; e++)
        A[i][j][e] = R[i][j][e] = (unsigned long)(i * 131 + j * 17 + e * 7) % P;

#pragma omp parallel
#pragma omp single
  for (int k = 0; k < NT; k++) {
#pragma omp task depend(inout: A[k][k][0:BS*BS]) firstprivate(k)
    potrf(A[k][k]);
    for (int i = k + 1; i < NT; i++) {
#pragma omp task depend(in: A[k][k][0:BS*BS]) depend(inout: A[i][k][0:BS*BS]) firstprivate(i, k)
      trsm(A[k][k], A[i][k]);
    }
    for (int i = k + 1; i < NT; i++) {
#pragma omp task depend(in: A[i][k][0:BS*BS]) depend(inout: A[i][i][0:BS*BS]) firstprivate(i, k)
      gemm(A[i][k], A[i][k], A[i][i]); /* syrk */
      for (int j = k + 1; j < i; j++) {
#pragma omp task depend(in: A[i][k][0:BS*BS], A[j][k][0:BS*BS]) depend(inout: A[i][j][0:BS*BS]) firstprivate(i, j, k)
        gemm(A[i][k], A[j][k], A[i][j]);
      }
    }
  }

  /* same operations, sequentially */
  for (int k = 0; k < NT; k++) {
    potrf(R[k][k]);
    for (int i = k + 1; i < NT; i++)
      trsm(R[k][k], R[i][k]);
    for (int i = k + 1; i < NT; i++) {
      gemm(R[i][k], R[i][k], R[i][i]);
      for (int j = k + 1; j < i; j++)
        gemm(R[i][k], R[j][k], R[i][j]);
    }
  }
  unsigned long sum = 0;
  for (int i = 0; i < NT; i++)
    for (int j = 0; j <= i; j++)
      for (int e = 0; e < BS * BS; e++)
        sum = (sum * 31 + A[i][j][e]) % P;
  printf("checksum %lu\n", sum);
  printf("same as sequential %d\n", memcmp(A, R, sizeof A) == 0);
  return 0;
}
