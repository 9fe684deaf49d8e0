/* A split loop that reads a whole array every part needs (split.sh):
 * y[i] = x[i] * (w[0] + ... + w[K-1]), RUNS times, through hcc_split_for.
 * With `registered`, w is the program's registered data (hcc_data_register):
 * a GPU keeps its copy from run to run, since no task writes it; without,
 * each run sends it again. Natively (no GPU here) it checks y.
 *   split_whole N K RUNS [registered] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hcc/hcc.h"

static void weigh_cpu(long begin, long end, void *const *buffers, void *arg) {
  const double *x = buffers[0], *w = buffers[2];
  double *y = buffers[1];
  const long k = *(const long *)arg;
  double s = 0;
  for (long j = 0; j < k; ++j) s += w[j];
  for (long i = begin; i < end; ++i) y[i] = x[i] * s;
}

static void weigh_cuda(long begin, long end, void *const *buffers, void *arg) {
  (void)begin, (void)end, (void)buffers, (void)arg;
  fprintf(stderr, "split_whole: the CUDA part ran, but a simulation charges its model\n");
  abort();
}

int main(int argc, char **argv) {
  const long n = argc > 1 ? atol(argv[1]) : 100000;
  long k = argc > 2 ? atol(argv[2]) : 1000;
  const int runs = argc > 3 ? atoi(argv[3]) : 3;
  const int registered = argc > 4 && strcmp(argv[4], "registered") == 0;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *w = malloc(k * sizeof *w);
  if (!x || !y || !w || hcc_init() != 0) return 1;
  for (long i = 0; i < n; ++i) x[i] = (double)(i % 5);
  for (long j = 0; j < k; ++j) w[j] = 1.0 / (double)(j + 1);
  hcc_handle hw = registered ? hcc_data_register(w, k * sizeof *w) : NULL;
  const hcc_split_section sections[] = {
      {x, sizeof *x, 0, sizeof *x, HCC_R},
      {y, sizeof *y, 0, sizeof *y, HCC_W},
      {w, 0, 0, k * sizeof *w, HCC_R},
  };
  for (int r = 0; r < runs; ++r)
    if (hcc_split_for("weigh", n, sections, 3, weigh_cpu, weigh_cuda, &k) != 0) return 1;
  if (hw) hcc_data_unregister(hw);
  const int simulated = hcc_is_simulated();
  hcc_shutdown();
  if (simulated) {
    printf("simulated\n");
    return 0;
  }
  double s = 0;
  for (long j = 0; j < k; ++j) s += w[j];
  long wrong = 0;
  for (long i = 0; i < n; ++i) wrong += y[i] != x[i] * s;
  printf("wrong=%ld\n", wrong);
  return wrong != 0;
}
