/* A relaxation over an n x n grid in tasks of 100 rows, written as people
 * write OpenMP tasks: no depend, no #pragma hcc. Prints its time on its own
 * clock (omp_get_wtime, simulated time in a simulation). */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static void relax(double *a, int rows, int cols) {
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++) a[(size_t)i * cols + j] = 0.5 * a[(size_t)i * cols + j] + sin(j * 1e-3);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000, bs = 100, steps = 10;
  double *a = calloc((size_t)n * n, sizeof *a);
  double t0 = omp_get_wtime();
  for (int s = 0; s < steps; s++) {
#pragma omp parallel
#pragma omp single
    for (int b = 0; b < n; b += bs) {
      int rows = b + bs <= n ? bs : n - b;
#pragma omp task firstprivate(b, rows)
      relax(a + (size_t)b * n, rows, n);
    }
  }
  double t1 = omp_get_wtime();
  double sum = 0;
  for (size_t i = 0; i < (size_t)n * n; i++) sum += a[i];
  printf("n=%d sum=%.6e time=%.4f\n", n, sum, t1 - t0);
  free(a);
  return 0;
}
