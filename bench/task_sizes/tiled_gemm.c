/* C = A B over nt x nt tiles of bs x bs doubles, a task per tile product
 * with depend on the tiles and plain loops in the kernel; no #pragma hcc.
 * Prints its time on its own clock. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static void gemm_tile(const double *a, const double *b, double *c, int bs) {
  for (int i = 0; i < bs; i++)
    for (int k = 0; k < bs; k++) {
      const double x = a[i * bs + k];
      for (int j = 0; j < bs; j++) c[i * bs + j] += x * b[k * bs + j];
    }
}

int main(int argc, char **argv) {
  const int nt = argc > 1 ? atoi(argv[1]) : 4, bs = argc > 2 ? atoi(argv[2]) : 128;
  double **A = malloc(sizeof(double *) * nt * nt), **B = malloc(sizeof(double *) * nt * nt),
         **C = malloc(sizeof(double *) * nt * nt);
  for (int t = 0; t < nt * nt; t++) {
    A[t] = malloc(sizeof(double) * bs * bs); B[t] = malloc(sizeof(double) * bs * bs);
    C[t] = calloc((size_t)bs * bs, sizeof(double));
    for (int e = 0; e < bs * bs; e++) { A[t][e] = 1.0 / (e + 1); B[t][e] = 1.0; }
  }
  const double t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < nt; i++)
    for (int j = 0; j < nt; j++)
      for (int k = 0; k < nt; k++) {
        double *a = A[i * nt + k], *b = B[k * nt + j], *c = C[i * nt + j];
#pragma omp task depend(in: a[0:bs*bs], b[0:bs*bs]) depend(inout: c[0:bs*bs])
        gemm_tile(a, b, c, bs);
      }
  const double t1 = omp_get_wtime();
  double s = 0;
  for (int t = 0; t < nt * nt; t++) s += C[t][0];
  printf("nt=%d bs=%d c=%.6f time=%.4f\n", nt, bs, s, t1 - t0);
  return 0;
}
