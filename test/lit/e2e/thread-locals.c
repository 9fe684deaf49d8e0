// Data kept per thread is per simulated thread, as natively: each team
// thread sets its threadprivate and __thread counters and reads its own
// back after a barrier, the threadprivate one still its own in the next
// region of the team (16 threads on h100-node). The file says so to the
// runtime (a remark with -Rhcc), which runs the actors on system threads.
// RUN: %hccsim -fsimulate -Rhcc %s -o %t.sim 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: hccsim: this file keeps data per thread: a simulation runs each simulated thread on a system thread
// RUN: env HCC_PLATFORM=h100-node %t.sim 2>&1 | FileCheck %s
// CHECK: threads=16 bad=0 bad2=0 sum=136
#include <omp.h>
#include <stdio.h>

int counter = 0;
#pragma omp threadprivate(counter)
static __thread int calls;

int main(void) {
  int bad = 0, sum = 0;
#pragma omp parallel reduction(+ : bad, sum)
  {
    counter = omp_get_thread_num() + 1;
    calls = 10 * (omp_get_thread_num() + 1);
#pragma omp barrier
    bad += counter != omp_get_thread_num() + 1 || calls != 10 * (omp_get_thread_num() + 1);
    sum += counter;
  }
  int bad2 = 0;
#pragma omp parallel reduction(+ : bad2)
  bad2 += counter != omp_get_thread_num() + 1;
  printf("threads=%d bad=%d bad2=%d sum=%d\n", omp_get_max_threads(), bad, bad2, sum);
  return 0;
}
