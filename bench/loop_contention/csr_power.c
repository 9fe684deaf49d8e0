/* A power iteration over a CSR matrix, as people write it: the product's
 * rows in a `parallel for schedule(guided)`, a norm reduction, a scaling,
 * until the eigenvalue estimate settles. No task, no `#pragma hcc`. The
 * product's first run writes y's fresh pages: its chunks take several times
 * as long as its later runs', natively and simulated (loop_contention.hpp).
 * Prints the iterations and the estimate; `time=` (stderr) is the
 * iteration's, omp_get_wtime. Arguments: rows (default 200000). */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 200000;
  int nnz_row = 9;
  int *rowptr = malloc((n + 1) * sizeof *rowptr);
  int *col = malloc((size_t)n * nnz_row * sizeof *col);
  double *val = malloc((size_t)n * nnz_row * sizeof *val);
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  rowptr[0] = 0;
  for (int i = 0; i < n; i++) {
    int k = rowptr[i];
    for (int j = 0; j < nnz_row; j++) {
      int c = (i + (j - nnz_row / 2) * 37 + n) % n;
      col[k + j] = c;
      val[k + j] = (c == i) ? 4.0 : -0.4 / (1 + j);
    }
    rowptr[i + 1] = k + nnz_row;
  }
  for (int i = 0; i < n; i++) x[i] = 1.0;
  double lambda = 0, prev = -1;
  int it = 0;
  double t0 = omp_get_wtime();
  while (fabs(lambda - prev) > 1e-9 * fabs(lambda) && it < 500) {
    prev = lambda;
#pragma omp parallel for schedule(guided)
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int k = rowptr[i]; k < rowptr[i + 1]; k++) s += val[k] * x[col[k]];
      y[i] = s;
    }
    double norm = 0;
#pragma omp parallel for reduction(+ : norm)
    for (int i = 0; i < n; i++) norm += y[i] * y[i];
    norm = sqrt(norm);
    lambda = norm;
#pragma omp parallel for
    for (int i = 0; i < n; i++) x[i] = y[i] / norm;
    it++;
  }
  double t1 = omp_get_wtime();
  printf("iterations=%d lambda=%.8f\n", it, lambda);
  fprintf(stderr, "time=%.6f\n", t1 - t0);
  free(rowptr);
  free(col);
  free(val);
  free(x);
  free(y);
  return 0;
}
