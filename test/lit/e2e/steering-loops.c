// A worksharing loop whose stores decide how many times the program goes
// round (its reduction ends the time loop) runs in a simulation even under
// HCC_SIM_LOOPS=model, so the simulated program takes as many steps as the
// native one; a loop whose result is only printed is charged its model.
// RUN: %hccsim -finstrument %s -o %t.inst
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: rm -rf %t.m && env OMP_NUM_THREADS=2 HCC_MODEL_DIR=%t.m %t.inst 2>/dev/null | FileCheck %s
// RUN: env HCC_PLATFORM=laptop HCC_MODEL_DIR=%t.m HCC_SIM_LOOPS=model %t.sim 2>/dev/null | FileCheck %s
// RUN: env HCC_PLATFORM=laptop HCC_MODEL_DIR=%t.m HCC_SIM_LOOPS=model %t.sim 2>&1 >/dev/null | FileCheck %s --check-prefix=NOTE
// RUN: %hccsim -fsimulate -Rhcc -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
#include <stdio.h>

#define N 20000
static double a[N];

int main(void) {
  for (int i = 0; i < N; i++) a[i] = 1.0 + i % 7;
  double change = 1.0;
  int steps = 0;
  while (change > 1e-3) {
    change = 0;
#pragma omp parallel for reduction(max : change)
    for (int i = 0; i < N; i++) {
      const double old = a[i];
      a[i] = 0.5 * a[i];
      const double d = old - a[i];
      change = d > change ? d : change;
    }
    steps++;
  }
  double total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < N; i++) total += a[i];
  printf("steps=%d total=%s\n", steps, total < 1e9 ? "finite" : "huge");
  return 0;
}
// The largest change halves from 3.5 at each step: 13 steps to reach 1e-3.
// CHECK: steps=13 total=finite

// NOTE: hccsim: note: 2 runs of 1 kernel charged from its models, not run: what they compute is not computed (loop:steering-loops.c:32 (2))

// REMARK: steering-loops.c:22:{{[0-9]+}}: remark: hccsim: loop 'loop:steering-loops.c:22' runs in simulation even under HCC_SIM_LOOPS=model: what it stores decides how many times a loop of the program goes round
// REMARK-NOT: runs in simulation
