/* A loop split between CPU workers and GPUs (split.sh): y[i] += a * x[i]
 * over n elements, `runs` times, through hcc_split_for. After each run it
 * prints the GPUs' and the CPUs' iterations and times (hcc_split_last);
 * natively (no GPU here) it checks y against the sequential result. With
 * BUSY, that many CPU workers run a long task ("busy") meanwhile: the share
 * is computed on the free ones.
 *   split N RUNS [BUSY] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "hcc/hcc.h"

static void axpy_cpu(long begin, long end, void *const *buffers, void *arg) {
  const double *x = buffers[0], a = *(const double *)arg;
  double *y = buffers[1];
  for (long i = begin; i < end; ++i) y[i] += a * x[i];
}

static void axpy_cuda(long begin, long end, void *const *buffers, void *arg) {
  (void)begin, (void)end, (void)buffers, (void)arg;
  fprintf(stderr, "split: the CUDA part ran, but a simulation charges its model\n");
  abort();
}

static void busy_cpu(void *const *buffers, void *arg) { (void)buffers, (void)arg; }
static const hcc_codelet busy = {"busy", busy_cpu, NULL, 0, NULL, HCC_CODELET_CPU_NO_BUFFERS};

int main(int argc, char **argv) {
  const long n = argc > 1 ? atol(argv[1]) : 1000000;
  const int runs = argc > 2 ? atoi(argv[2]) : 3;
  const int busy_tasks = argc > 3 ? atoi(argv[3]) : 0;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  if (!x || !y || hcc_init() != 0) return 1;
  for (long i = 0; i < n; ++i) x[i] = (double)(i % 7), y[i] = 1;
  const double a = 0.5;
  for (int b = 0; b < busy_tasks; ++b) {
    hcc_task_desc d = {0};
    d.codelet = &busy;
    if (hcc_submit(&d) != 0) return 1;
  }
  if (busy_tasks > 0) usleep(100); /* the workers take them */
  const hcc_split_section sections[] = {
      {x, sizeof *x, 0, sizeof *x, HCC_R},
      {y, sizeof *y, 0, sizeof *y, HCC_RW},
  };
  for (int r = 0; r < runs; ++r) {
    if (hcc_split_for("axpy", n, sections, 2, axpy_cpu, axpy_cuda, (void *)&a) != 0) return 1;
    const hcc_split_stats s = hcc_split_last("axpy");
    printf("run=%d gpu=%ld cpu=%ld gpu_s=%.6f cpu_s=%.6f\n", s.runs, s.gpu_iterations, s.cpu_iterations,
           s.gpu_seconds, s.cpu_seconds);
  }
  const int simulated = hcc_is_simulated();
  hcc_shutdown();
  if (simulated) {
    printf("simulated\n");
    return 0;
  }
  long wrong = 0;
  for (long i = 0; i < n; ++i) wrong += fabs(y[i] - (1 + runs * a * (double)(i % 7))) > 1e-12;
  printf("wrong=%ld\n", wrong);
  return wrong != 0;
}
