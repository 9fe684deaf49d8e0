// A task the compiler counts the work of (its loops' iterations, through
// the function it calls: TaskWork.cpp) is keyed by it: an instrumented run
// at one size leaves a model of that footprint, and a simulation at ten
// times the size charges each task ten times its time, the closest
// footprint's scaled, as a loop's (before, one model for every size: the
// same time at either size). The instrumented run's model is the one
// footprint, the blocks' work.
// RUN: %hccsim -finstrument %s -o %t.inst
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: rm -rf %t.m && env OMP_NUM_THREADS=1 HCC_MODEL_DIR=%t.m %t.inst 20000 | FileCheck %s --check-prefix=NATIVE
// RUN: python3 -c "import json; print(*[int(e['footprint'], 16) for e in json.load(open('%t.m/smooth.cpu.json'))['entries']])" | FileCheck %s --check-prefix=MODEL
// RUN: rm -f %t.m/hcc.*.json
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=1 HCC_SIM_BURSTS=off HCC_MODEL_DIR=%t.m %t.sim 20000 > %t.one
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=1 HCC_SIM_BURSTS=off HCC_MODEL_DIR=%t.m %t.sim 200000 > %t.ten
// RUN: python3 -c "import sys; t = [float(open(f).read().split('=')[1]) for f in sys.argv[1:]]; r = t[1] / t[0]; print('ten times the size:', 'ten times the time' if 9.9 < r < 10.1 else f'{r:.3f} times the time')" %t.one %t.ten | FileCheck %s
// NATIVE: tasks=8 block=20000
// MODEL: {{^}}20000{{$}}
// CHECK: ten times the size: ten times the time
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static void smooth(double *a, int n) {
  for (int i = 0; i < n; i++) a[i] = sqrt(a[i] + i);
}

int main(int argc, char **argv) {
  const int bs = argc > 1 ? atoi(argv[1]) : 20000, nb = 8;
  double *a = calloc((size_t)nb * bs, sizeof *a);
  const double t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp single
  for (int b = 0; b < nb; b++) {
#pragma omp task firstprivate(b)
    smooth(&a[(size_t)b * bs], bs);
  }
  const double t1 = omp_get_wtime();
  if (getenv("HCC_PLATFORM")) printf("elapsed=%.9f\n", t1 - t0);
  else printf("tasks=%d block=%d\n", nb, bs);
  free(a);
  return 0;
}
