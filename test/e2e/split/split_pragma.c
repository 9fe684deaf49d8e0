/* A split loop written with '#pragma hcc split' (split.sh): y[i] += a x[i]
 * over n elements, `runs` times, the CPU part as the team's worksharing
 * loop. Built by gcc -fopenmp the pragma is ignored; built by hccsim it
 * prints each run's share and sides' times; natively it checks y.
 *   split_pragma N RUNS */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#ifdef __HCCSIM__
#include "hcc/hcc.h"
#endif

/* The GPU side: in simulation its model is charged; no CUDA build here. */
void axpy_cuda(long begin, long end, const double *x, double *y, double a) {
  (void)begin, (void)end, (void)x, (void)y, (void)a;
  fprintf(stderr, "split_pragma: the CUDA part ran, but this build has none\n");
  abort();
}

int main(int argc, char **argv) {
  const long n = argc > 1 ? atol(argv[1]) : 1000000;
  const int runs = argc > 2 ? atoi(argv[2]) : 3;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  if (!x || !y) return 1;
  for (long i = 0; i < n; ++i) x[i] = (double)(i % 7), y[i] = 1;
  const double a = 0.5;
  for (int r = 0; r < runs; ++r) {
#pragma hcc split name("axpy") impl(cuda: axpy_cuda(x, y, a)) in(x[i]) inout(y[i])
#pragma omp parallel for
    for (long i = 0; i < n; ++i) y[i] += a * x[i];
#ifdef __HCCSIM__
    const hcc_split_stats s = hcc_split_last("axpy");
    printf("run=%d gpu=%ld cpu=%ld gpu_s=%.6f cpu_s=%.6f\n", s.runs, s.gpu_iterations, s.cpu_iterations,
           s.gpu_seconds, s.cpu_seconds);
#endif
  }
#ifdef __HCCSIM_SIMULATE__
  printf("simulated\n");
  return 0;
#endif
  long wrong = 0;
  for (long i = 0; i < n; ++i) wrong += fabs(y[i] - (1 + runs * a * (double)(i % 7))) > 1e-12;
  printf("wrong=%ld\n", wrong);
  return wrong != 0;
}
