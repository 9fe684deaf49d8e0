/* Many short parallel regions, as an iterative solver's vector updates
 * make them: w = 0.5 x + 0.25 y over n doubles, `parallel for`, reps times.
 * At n = 4,096 and 2 threads a region's chunks take about 0.5 us each, and
 * the region's own work (its fork, its implicit tasks, its join, the lines
 * crossing between the cores) as long again. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 4096, reps = argc > 2 ? atoi(argv[2]) : 30000;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *w = malloc(n * sizeof *w);
  if (!x || !y || !w) return 1;
  for (int i = 0; i < n; i++) x[i] = i * 1e-3, y[i] = 1.0 / (i + 1);
  const double t0 = omp_get_wtime();
  for (int r = 0; r < reps; r++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++) w[i] = 0.5 * x[i] + 0.25 * y[i];
    double *t = x;
    x = w;
    w = t;
  }
  const double t1 = omp_get_wtime();
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i];
  printf("%.3f us a region\n", (t1 - t0) / reps * 1e6);
  printf("regions %d n %d sum %.6e\n", reps, n, s);
  free(x), free(y), free(w);
  return 0;
}
