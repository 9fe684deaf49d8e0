// Blocks that tasks allocate and store for the program to follow (the
// tasks steer: their bodies run in a simulation too) are the program's
// memory in every mode: eight tasks of 1 MiB each give a peak of 8 MiB
// and some bytes, instrumented and simulated, where they counted nothing.
// A kernel's own scratch block, freed before it ends, is not counted (its
// task would declare it: #pragma hcc task alloc).
// REQUIRES: hcc-rt-sim
// RUN: %hccsim -finstrument %s -o %t.inst
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: rm -rf %t.m && env OMP_NUM_THREADS=2 HCC_MODEL_DIR=%t.m %t.inst 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 HCC_PLATFORM=laptop HCC_MODEL_DIR=%t.m %t.sim 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

#define NB 8
#define DOUBLES (1 << 17) /* 1 MiB */

static double *blocks[NB];

int main(void) {
#pragma omp parallel
#pragma omp single
  for (int b = 0; b < NB; b++) {
#pragma omp task
    {
      double *x = malloc(DOUBLES * sizeof *x);
      for (int i = 0; i < DOUBLES; i++) x[i] = b + i * 1e-6;
      blocks[b] = x;
    }
#pragma omp task
    {
      double *scratch = malloc(DOUBLES * sizeof *scratch);
      for (int i = 0; i < DOUBLES; i++) scratch[i] = i;
      free(scratch);
    }
  }
  double s = 0;
  for (int b = 0; b < NB; b++) {
    s += blocks[b][7];
    free(blocks[b]);
  }
  printf("sum=%.6f\n", s);
  return 0;
}
// CHECK-DAG: sum=28.000056
// CHECK-DAG: peak_mem=83{{[0-9]{5}( |$)}}
