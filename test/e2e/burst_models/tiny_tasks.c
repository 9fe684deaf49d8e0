/* One thread creates N tiny tasks: the code between two task creations is
 * a short CPU burst, the same one N times (burst_models.sh).
 *   tiny_tasks [N]   (default 20000)
 * Prints "tiny_tasks: n=.. sum=.. ok" (or FAILED) and "time=<seconds of
 * omp_get_wtime>", and exits 0: a simulation charges the tasks their model
 * without running them, and its sum is not checked. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 20000;
  long *x = calloc((size_t)n, sizeof *x);
  if (!x) return 1;
  const double start = omp_get_wtime();
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; ++i) {
#pragma omp task firstprivate(i) shared(x)
    x[i] = 2L * i;
  }
  const double seconds = omp_get_wtime() - start;
  long sum = 0;
  for (int i = 0; i < n; ++i) sum += x[i];
  const int ok = sum == (long)n * (n - 1);
  printf("tiny_tasks: n=%d sum=%ld %s\ntime=%.6f\n", n, sum, ok ? "ok" : "FAILED", seconds);
  free(x);
  return 0;
}
