// A loop nest of the program's code that runs in a simulation (not a
// worksharing loop: a rank's sweep between two MPI calls, a sequential
// phase) is charged its bursts scaled by its contention, as a worksharing
// loop's chunks are (e2e/loop-contention.c): how much longer the
// instrumented run's runs of the nest took, beside the other threads or
// ranks, than the same runs alone here. A sweep of about 0.05 s called four
// times: with models whose runs took twice as long (their means doubled),
// the sweeps' simulated time is twice what it is with the models as
// measured, whatever this machine's load made either simulation measure
// (the charge follows the models). Unscaled, both were what the
// simulations measured. The code after them, a loop that is no nest, is
// not scaled, however the nests were.
// REQUIRES: hcc-rt-sim
// ALLOW_RETRIES: 2
// RUN: %hccsim -finstrument %s -o %t.inst
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: rm -rf %t.m %t.m2 && env HCC_MODEL_DIR=%t.m %t.inst > /dev/null
// RUN: ls %t.m | FileCheck %s --check-prefix=MODELS
// RUN: cp -r %t.m %t.m2 && python3 %S/Inputs/scale_model.py %t.m2 'loop_*' 2
// RUN: env HCC_PLATFORM=laptop HCC_MODEL_DIR=%t.m %t.sim > %t.once
// RUN: env HCC_PLATFORM=laptop HCC_MODEL_DIR=%t.m2 %t.sim > %t.twice
// RUN: python3 %S/Inputs/time_ratio.py %t.once %t.twice sweeps | FileCheck %s
// RUN: python3 %S/Inputs/time_ratio.py %t.once %t.twice after | FileCheck %s --check-prefix=AFTER
// MODELS: loop_loop-nest-contention.c_{{[0-9]+}}.cpu.json
// CHECK: sweeps ratio twice
// AFTER: after ratio once
#include <stdio.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double sweep(double *a, int n, int reps) {
  double s = 0;
  for (int r = 0; r < reps; ++r)
    for (int i = 0; i < n; ++i) s += a[i] * 1.0000001 + (double)r;
  return s;
}

int main(void) {
  static double a[4096];
  for (int i = 0; i < 4096; ++i) a[i] = i;
  double sum = 0, w0 = now();
  for (int k = 0; k < 4; ++k) {
    sum += sweep(a, 4096, 4000);
    if (sum < 0) printf("negative\n");  // a call: this loop is no nest, each sweep is one
  }
  printf("sweeps %.6f\n", now() - w0);
  w0 = now();
  for (int i = 0; i < 4 * 4096 * 4000; ++i) {
    sum += a[i & 4095] * 1.0000001;
    if (sum < 0) printf("negative\n");
  }
  printf("after %.6f\n", now() - w0);
  printf("sum %.1f\n", sum);
  return 0;
}
