// A program of two files: its tasks, in a file without main, sum each
// step's change into the number relax() returns, and this file's `while`
// tests it. The compiler sees one file at a time: the tasks run in a
// simulation for what they store (rewriter/steering-other-files.c), and the
// simulated program goes round as many times as natively (946 steps; with
// the tasks replayed from their models, `total` stayed 0 and it stopped
// after one).
// REQUIRES: hcc-rt-sim
// RUN: %hccsim -fnative %s %S/Inputs/relax-tasks.c -lm -o %t.native
// RUN: %hccsim -finstrument %s %S/Inputs/relax-tasks.c -lm -o %t.inst
// RUN: %hccsim -fsimulate %s %S/Inputs/relax-tasks.c -lm -o %t.sim
// RUN: env OMP_NUM_THREADS=2 %t.native | FileCheck %s
// RUN: rm -rf %t.m && env OMP_NUM_THREADS=2 HCC_MODEL_DIR=%t.m %t.inst | FileCheck %s
// RUN: env HCC_PLATFORM=laptop HCC_MODEL_DIR=%t.m %t.sim 2>/dev/null | FileCheck %s
// CHECK: steps 946 change 7.49{{[0-9]}}e-04
#include <stdio.h>
#include <stdlib.h>

double relax(const double *a, double *b, const double *f, int n);

int main(void) {
  const int n = 200;
  double *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b), *f = calloc(n, sizeof *f);
  for (int i = 0; i < n; i++) f[i] = 1e-6 * ((i * 37) % 11);
  int steps = 0;
  double change = 1;
  while (change > 7.5e-4 && steps < 100000) {
    change = relax(a, b, f, n);
    double *t = a;
    a = b;
    b = t;
    steps++;
  }
  printf("steps %d change %.3e\n", steps, change);
  return 0;
}
