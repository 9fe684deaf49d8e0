// Work items handed out by an atomic counter in a parallel region: the
// simulated threads take them in the order of simulated time, about half
// each on two cores, as natively (before, the thread that ran first took
// every item between two entries into the runtime, and the region cost
// the sum of the items, not half of it). An item is about 0.15 ms: at
// 20 us, a thread's first burst on a loaded CI machine (8 ms of bursts where
// 3.6 ms is usual) let the other take more than three quarters of them.
// ALLOW_RETRIES: 2
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=2 %t.sim 2>&1 | FileCheck %s
#include <omp.h>
#include <stdio.h>

static double work(int i) {
  double s = 0;
  for (int k = 0; k < 200000; k++) s += (i + k) * 1e-9;
  return s;
}

int main(void) {
  const int n = 200;
  int next = 0, taken[2] = {0, 0};
  double total = 0;
#pragma omp parallel num_threads(2) reduction(+ : total)
  {
    const int me = omp_get_thread_num();
    for (;;) {
      int i;
#pragma omp atomic capture
      i = next++;
      if (i >= n) break;
      total += work(i);
      taken[me]++;
    }
  }
  const int fewer = taken[0] < taken[1] ? taken[0] : taken[1];
  printf("items=%d each=%s\n", taken[0] + taken[1], fewer >= n / 4 ? "balanced" : "unbalanced");
  return total > 0 ? 0 : 1;
}
// CHECK: items=200 each=balanced
