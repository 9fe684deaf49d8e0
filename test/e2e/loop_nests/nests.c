/* Loops as kernels with their work counted (loop_nests.sh): a sequential
 * loop nest in a function a plain time loop calls, and a `parallel for`
 * whose rows are inner loops, both over an n x m grid. Prints the grid's
 * checksum, how many times each loop ran, and each one's time on the run's
 * clock. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

/* One sequential sweep of the grid. */
static void relax(double *a, int n, int m) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) a[(size_t)i * m + j] = 0.5 * a[(size_t)i * m + j] + sqrt((double)(i + j));
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 64;
  const int m = argc > 2 ? atoi(argv[2]) : 1000;
  const int steps = argc > 3 ? atoi(argv[3]) : 20;
  double *a = malloc((size_t)n * m * sizeof *a);
  if (!a) return 1;
  for (size_t k = 0; k < (size_t)n * m; ++k) a[k] = 1.0;
  double sequential = 0, parallel = 0;
  int sweeps = 0;
  for (int s = 0; s < steps; ++s) {
    double t = omp_get_wtime();
    relax(a, n, m);
    ++sweeps;
    sequential += omp_get_wtime() - t;
    t = omp_get_wtime();
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < m; ++j) a[(size_t)i * m + j] = 0.25 * a[(size_t)i * m + j] + exp(-(double)j / m);
    parallel += omp_get_wtime() - t;
  }
  double sum = 0;
  for (size_t k = 0; k < (size_t)n * m; ++k) sum += a[k];
  printf("checksum=%.6f sweeps=%d sequential=%.6f parallel=%.6f\n", sum, sweeps, sequential, parallel);
  free(a);
  return 0;
}
