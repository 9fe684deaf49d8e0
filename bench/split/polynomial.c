/* A loop split between CPU workers and GPUs (bench/split.py, and with its
 * CUDA side, polynomial_cuda.cu and -DPOLY_CUDA, bench/split_gpu.py): y[i] = p(x[i])
 * for a polynomial of degree D evaluated by Horner's rule, n elements,
 * `runs` times through hcc_split_for ("poly"); compute-bound as seed 004's
 * kernels are (2 D flops per 16 bytes moved). Prints each run's share and
 * sides' times (hcc_split_last) and a checksum.
 *   polynomial N RUNS [D] */
#include <stdio.h>
#include <stdlib.h>

#include "hcc/hcc.h"

static void poly_cpu(long begin, long end, void *const *buffers, void *arg) {
  const int degree = *(const int *)arg;
  const double *x = buffers[0];
  double *y = buffers[1];
  for (long i = begin; i < end; ++i) {
    double v = 0;
    for (int d = 0; d < degree; ++d) v = v * x[i] + 1.0 / (d + 1);
    y[i] = v;
  }
}

#ifdef POLY_CUDA
void poly_cuda(long begin, long end, void *const *buffers, void *arg); /* polynomial_cuda.cu */
#else
/* Without the CUDA toolkit at hand the GPU side exists in simulation only:
 * a simulation charges its model and never calls it. */
static void poly_cuda(long begin, long end, void *const *buffers, void *arg) {
  (void)begin, (void)end, (void)buffers, (void)arg;
  fprintf(stderr, "polynomial: no CUDA implementation in this build\n");
  abort();
}
#endif

int main(int argc, char **argv) {
  const long n = argc > 1 ? atol(argv[1]) : 1 << 20;
  const int runs = argc > 2 ? atoi(argv[2]) : 1;
  int degree = argc > 3 ? atoi(argv[3]) : 64;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  if (!x || !y || hcc_init() != 0) return 1;
  for (long i = 0; i < n; ++i) x[i] = (double)(i % 1000) / 1000.0;
  const hcc_split_section sections[] = {
      {x, sizeof *x, 0, sizeof *x, HCC_R},
      {y, sizeof *y, 0, sizeof *y, HCC_W},
  };
  for (int r = 0; r < runs; ++r) {
    if (hcc_split_for("poly", n, sections, 2, poly_cpu, poly_cuda, &degree) != 0) return 1;
    const hcc_split_stats s = hcc_split_last("poly");
    printf("run=%d gpu=%ld cpu=%ld gpu_s=%.6f cpu_s=%.6f\n", s.runs, s.gpu_iterations, s.cpu_iterations,
           s.gpu_seconds, s.cpu_seconds);
  }
  const int simulated = hcc_is_simulated();
  hcc_shutdown();
  if (simulated) {  /* the simulated parts computed nothing */
    printf("simulated\n");
    return 0;
  }
  double sum = 0;
  for (long i = 0; i < n; ++i) sum += y[i];
  printf("checksum=%.15e\n", sum);
  return 0;
}
