// exit() and atexit() in a simulated program, as natively: exit(status)
// called deep in main's calls ends main with that status, the program's
// output kept (stdout to a file is fully buffered), the handlers registered
// with atexit() run after it, the last one first, on simulated time (one
// registered before the first region reads omp_get_wtime), before the
// runtime stops and prints its summary. exit() inside a parallel region
// cannot end main there: one line says so, the output is kept and the
// process ends with the status, without a prediction.
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: bash -c 'env HCC_PLATFORM=laptop OMP_NUM_THREADS=2 %t.sim > %t.out 2> %t.err; echo "status=$?" >> %t.out'
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: %hccsim -fsimulate -DIN_REGION %s -o %t.region
// RUN: bash -c 'env HCC_PLATFORM=laptop OMP_NUM_THREADS=2 %t.region > %t.rout 2> %t.rerr; echo "status=$?" >> %t.rout'
// RUN: FileCheck %s --check-prefix=REGION < %t.rout
// RUN: FileCheck %s --check-prefix=REGION-ERR < %t.rerr
// CHECK: sum=3
// CHECK-NEXT: registered second, run first
// CHECK-NEXT: elapsed: the region's
// CHECK-NEXT: status=3
// ERR-NOT: error
// ERR: hccsim: mode=simulate makespan=
// REGION: in the region
// REGION-NOT: registered
// REGION: status=4
// REGION-ERR: hccsim: error: the program called exit(4) inside a parallel region or a task, or on a thread of its own, at {{[0-9.]+}} s of simulated time: the simulation ends there (its exit handlers not run), without a prediction
// REGION-ERR-NOT: mode=simulate
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double t0;

static double thread_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void registered_first(void) {
  printf("elapsed: %s\n", omp_get_wtime() - t0 >= 0.02 ? "the region's" : "less than the region's");
}
static void registered_second(void) { printf("registered second, run first\n"); }

static void finish(int sum) {
  printf("sum=%d\n", sum);
  exit(3);
}

int main(void) {
  t0 = omp_get_wtime();
  atexit(registered_first);
  int sum = 0;
#pragma omp parallel reduction(+ : sum)
  {
    const double end = thread_seconds() + 0.02;
    while (thread_seconds() < end) {
    }
    sum += 1;
  }
#ifdef IN_REGION
#pragma omp parallel
  if (omp_get_thread_num() == 0) {
    printf("in the region\n");
    exit(4);
  }
#endif
  atexit(registered_second);
  finish(sum + 1);
  printf("not reached\n");
  return 0;
}
