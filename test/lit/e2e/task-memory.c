// End to end: memory declared by tasks (alloc at start, free at end) is
// counted by the native runtime: two fronts of 1000 and 500 bytes alive at
// once, freed by the task that assembles them, give peak_mem=1500, and the
// memory curve returns to 0.
// REQUIRES: hcc-rt-sim
// RUN: %hccsim -fnative -Wall -Werror %s -o %t.hcc
// RUN: env HCC_WORKERS=2 HCC_MEMORY_CSV=%t.mem.csv %t.hcc 2>&1 | FileCheck %s
// RUN: tail -n 1 %t.mem.csv | FileCheck %s --check-prefix=END
// The same counts in simulation (the bodies' durations come from the
// calibration runs: no model directory needed).
// RUN: %hccsim -fsimulate -Wall -Werror %s -o %t.sim
// RUN: rm -rf %t.models
// RUN: env HCC_WORKERS=2 HCC_MODEL_DIR=%t.models HCC_MEMORY_CSV=%t.simmem.csv %t.sim 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: tail -n 1 %t.simmem.csv | FileCheck %s --check-prefix=END
#include <stdio.h>
#include <stdlib.h>

static char *fronts[2];

static void activate(int i, size_t bytes) { fronts[i] = calloc(bytes, 1); }
static void assemble(void) {
  free(fronts[0]);
  free(fronts[1]);
}

int main(void) {
  int a = 0, b = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: a)
#pragma hcc task name("activate") alloc(1000)
    activate(0, 1000);
#pragma omp task depend(in: a) depend(out: b)
#pragma hcc task name("activate") alloc(500)
    activate(1, 500);
#pragma omp task depend(in: b)
#pragma hcc task name("assemble") free(1500)
    assemble();
  }
  printf("done\n");
  return 0;
}

// CHECK-DAG: done
// CHECK-DAG: hccsim: mode=native {{.*}} peak_mem=1500
// END: ,0{{$}}
// SIM-DAG: done
// SIM-DAG: hccsim: mode=simulate {{.*}} peak_mem=1500
