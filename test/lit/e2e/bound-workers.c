// A native run whose process may use fewer CPUs than its CPU workers, on a
// machine that has more (mpirun binds each rank to one core by default),
// says so once: its threads take turns on that CPU. Not with one worker,
// nor without the restriction.
// REQUIRES: several-cpus
// RUN: %hccsim -fnative %s -o %t
// RUN: env OMP_NUM_THREADS=2 taskset -c 0 %t 2>&1 | FileCheck %s --check-prefix=BOUND
// RUN: env OMP_NUM_THREADS=1 taskset -c 0 %t 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: env OMP_NUM_THREADS=2 %t 2>&1 | FileCheck %s --check-prefix=ONE
// BOUND: hccsim: warning: 2 CPU workers on 1 CPU that this process may use (of {{[0-9]+}} online): they take turns; under mpirun, which binds each rank to one core by default, run it with --bind-to none or --map-by slot:PE=2
// BOUND-NOT: warning
// BOUND: threads=2
// ONE-NOT: warning
// ONE: threads=
#include <omp.h>
#include <stdio.h>

int main(void) {
  int threads = 0;
#pragma omp parallel
#pragma omp single
  threads = omp_get_num_threads();
  printf("threads=%d\n", threads);
  return 0;
}
