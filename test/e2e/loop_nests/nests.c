/* Loops as kernels with their work counted (loop_nests.sh): a sequential
 * loop nest in a function a plain time loop calls, a `parallel for` whose
 * rows are inner loops, both over an n x m grid, and a `parallel for` that
 * calls a function with a loop for each row. Prints the grid's checksum, how
 * many times the first loop ran, and the first two's time on the run's clock
 * (the peaks only to stderr: a simulation that charges models computes none). */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

/* One sequential sweep of the grid. */
static void relax(double *a, int n, int m) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) a[(size_t)i * m + j] = 0.5 * a[(size_t)i * m + j] + sqrt((double)(i + j));
}

/* A row's largest value: a nest that each iteration of a parallel loop runs. */
static double row_max(const double *row, int m) {
  double best = row[0];
  for (int j = 1; j < m; ++j) best = row[j] > best ? row[j] : best;
  return best;
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 64;
  const int m = argc > 2 ? atoi(argv[2]) : 1000;
  const int steps = argc > 3 ? atoi(argv[3]) : 20;
  double *a = malloc((size_t)n * m * sizeof *a);
  if (!a) return 1;
  for (size_t k = 0; k < (size_t)n * m; ++k) a[k] = 1.0;
  double sequential = 0, parallel = 0, peaks = 0;
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
    double peak = 0;
#pragma omp parallel for reduction(max : peak)
    for (int i = 0; i < n; ++i) {
      const double r = row_max(a + (size_t)i * m, m);
      peak = r > peak ? r : peak;
    }
    peaks += peak;
  }
  double sum = 0;
  for (size_t k = 0; k < (size_t)n * m; ++k) sum += a[k];
  printf("checksum=%.6f sweeps=%d sequential=%.6f parallel=%.6f\n", sum, sweeps, sequential, parallel);
  fprintf(stderr, "peaks=%.6f\n", peaks);
  free(a);
  return 0;
}
