// An OpenMP task's hcc.submit is its allocation and its submission, not the
// program's firstprivate copies between the two: they are a CPU burst of
// their own, which a simulation charges as such. Tasks that copy 1 MiB each
// (tens of microseconds) are submitted in a few microseconds. The median, not
// the mean: a few submissions wait for the allocator (tens to hundreds of
// microseconds, more on a loaded machine), which is their real cost too.
// ALLOW_RETRIES: 2
// RUN: %hccsim -finstrument %s -o %t
// RUN: rm -rf %t.d
// RUN: env OMP_NUM_THREADS=2 HCC_INSTRUMENT_SAMPLING=all HCC_MODEL_DIR=%t.d %t | FileCheck %s
// RUN: python3 -c "import json, statistics, sys; e = json.load(open(sys.argv[1]))['entries'][0]; m = statistics.median(e['samples']); print('submissions', e['count'], 'short' if m < 20e-6 else 'long: %g s' % m)" %t.d/hcc.submit.cpu.json | FileCheck %s --check-prefix=COST
#include <stdio.h>

struct Block {
  double v[131072];
};

int main(void) {
  static struct Block b;
  double sum[4] = {0, 0, 0, 0};
  for (int k = 0; k < 131072; k++) b.v[k] = k;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 64; i++) {
    b.v[i] = -i;
#pragma omp task firstprivate(b) depend(inout : sum[i % 4])
    sum[i % 4] += b.v[i] + b.v[131071];
  }
  printf("sum=%.1f\n", sum[0] + sum[1] + sum[2] + sum[3]);
  return 0;
}

// CHECK: sum=8386528.0
// COST: submissions {{[0-9]+}} short
