// RUN: %omp-check %s
// Tasks created by the master thread of a parallel region are completed by the region's implicit barrier; taskwait inside master waits for them too.
#include <stdio.h>
#include <omp.h>

#define N 40

static int work(int x) {
  int r = 0;
  for (int k = 0; k <= x; k++)
    r += k % 7;
  return r;
}

int main(void) {
  int first[N], second[N];
  int sum1 = 0;

#pragma omp parallel
  {
#pragma omp master
    {
      for (int i = 0; i < N; i++) {
#pragma omp task shared(first)
        first[i] = work(i);
      }
#pragma omp taskwait
      for (int i = 0; i < N; i++)
        sum1 += first[i];
      /* second batch: nobody waits in master, the barrier must */
      for (int i = 0; i < N; i++) {
#pragma omp task shared(second)
        second[i] = work(2 * i) - work(i);
      }
    }
  }

  int sum2 = 0;
  for (int i = 0; i < N; i++)
    sum2 += second[i];
  printf("sum1 %d\n", sum1);
  printf("sum2 %d\n", sum2);
  printf("first[39]=%d second[39]=%d\n", first[39], second[39]);
  return 0;
}
