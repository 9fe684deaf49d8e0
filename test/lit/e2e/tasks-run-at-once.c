// End to end: tasks that run on their creating thread without reaching the
// runtime's queues (in a serialised region, undeferred with if(0)) count in
// the run's summary, as the tasks the workers ran do: 4 in a region run by
// one thread, 3 undeferred in a team of 2, 2 deferred there.
// RUN: %hccsim -fnative -Wall -Werror %s -o %t.hcc
// RUN: env HCC_WORKERS=2 %t.hcc 2> %t.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.err
#include <stdio.h>

int main(void) {
  int serial = 0, undeferred = 0, deferred = 0;
#pragma omp parallel if (0)
  for (int i = 0; i < 4; ++i) {
#pragma omp task shared(serial)
    serial++;
  }
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    for (int i = 0; i < 3; ++i) {
#pragma omp task if (0) shared(undeferred)
      undeferred++;
    }
    for (int i = 0; i < 2; ++i) {
#pragma omp task shared(deferred)
#pragma omp atomic
      deferred++;
    }
  }
  printf("serial %d undeferred %d deferred %d\n", serial, undeferred, deferred);
  return 0;
}

// OUT: serial 4 undeferred 3 deferred 2
// SUMMARY: hccsim: mode=native makespan={{[0-9.]+}} tasks=9 workers=2
