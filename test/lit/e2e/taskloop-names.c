// A task the plugin does not annotate (a taskloop's) is named after its
// construct's place, "taskloop-names.c:<line>", in every build: the models an
// instrumented build writes are found by name by a simulated build, where
// the outlined body lies elsewhere (its address named it before).
// RUN: %hccsim -finstrument %s -o %t
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env OMP_NUM_THREADS=2 HCC_MODEL_DIR=%t.d/m %t | FileCheck %s
// RUN: ls %t.d/m | FileCheck %s --check-prefix=MODELS
// RUN: env OMP_NUM_THREADS=2 HCC_PLATFORM=laptop HCC_MODEL_DIR=%t.d/m HCC_RECORDS=%t.d/sim.csv %t.sim | FileCheck %s
// RUN: FileCheck %s --check-prefix=SIM < %t.d/sim.csv
// RUN: %hccsim -fnative %s -o %t.native
// RUN: env OMP_NUM_THREADS=2 HCC_RECORDS=%t.d/native.csv %t.native | FileCheck %s
// RUN: FileCheck %s --check-prefix=SIM < %t.d/native.csv
#include <stdio.h>

int main(void) {
  static double a[4096];
  double sum = 0;
#pragma omp parallel
#pragma omp single
  {
// MODELS-DAG: taskloop-names.c_[[#@LINE+2]].cpu.json
// SIM-DAG: ,taskloop-names.c:[[#@LINE+1]],
#pragma omp taskloop grainsize(256)
    for (int i = 0; i < 4096; i++) a[i] = i * 0.5;
// MODELS-DAG: taskloop-names.c_[[#@LINE+2]].cpu.json
// SIM-DAG: ,taskloop-names.c:[[#@LINE+1]],
#pragma omp taskloop grainsize(256) reduction(+ : sum)
    for (int i = 0; i < 4096; i++) sum += a[i];
  }
  printf("sum=%.1f\n", sum);
  return 0;
}

// CHECK: sum=4193280.0
// MODELS-NOT: task_
