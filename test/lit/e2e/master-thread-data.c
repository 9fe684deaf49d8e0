// The program's thread is thread 0 of its teams in a simulation, as natively: what it keeps per thread
// (threadprivate, __thread) in its sequential code is what thread 0 sees in a region, and what thread 0
// writes there the sequential code reads after it; copyin starts the others from it. Before, a separate
// actor ran thread 0, and the program's copies never changed (tp 42, 10, 10).
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: env OMP_NUM_THREADS=4 HCC_PLATFORM=laptop %t.sim | FileCheck %s
// RUN: %hccsim -fnative %s -o %t.native
// RUN: env OMP_NUM_THREADS=4 %t.native | FileCheck %s
// CHECK: copyin tp=43
// CHECK-NEXT: master tp=15 calls=3
// CHECK-NEXT: each tp=16 same=1
#include <omp.h>
#include <stdio.h>

static int tp = 7;
#pragma omp threadprivate(tp)
static __thread int calls;

int main(void) {
  tp = 42;
#pragma omp parallel copyin(tp)
  {
#pragma omp atomic
    tp += 1;
  }
  printf("copyin tp=%d\n", tp);  // thread 0 added 1 to the program's copy
  tp = 10;
  calls = 1;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
      tp += 5;
      calls += 2;
    }
  }
  printf("master tp=%d calls=%d\n", tp, calls);
  int same = 1;
  int *mine = &tp;
#pragma omp parallel reduction(&& : same)
  {
    tp += 1;
    if (omp_get_thread_num() == 0) same = &tp == mine;
  }
  printf("each tp=%d same=%d\n", tp, same);
  return 0;
}
