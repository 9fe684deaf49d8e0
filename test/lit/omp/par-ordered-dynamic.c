// RUN: %omp-check %s
// Checks ordered blocks with dynamic and guided schedules keep iteration order, including skipped iterations.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int prev = -1, in_order = 1;
  long acc = 0;

#pragma omp parallel for ordered schedule(dynamic)
  for (int i = 0; i < 6; i++) {
#pragma omp ordered
    printf("dynamic i=%d\n", i);
  }

#pragma omp parallel for ordered schedule(dynamic, 4)
  for (int i = 0; i < 30; i++) {
    /* only some iterations enter the ordered region */
    if (i % 4 == 1) {
#pragma omp ordered
      printf("dynamic,4 i=%d\n", i);
    }
  }

#pragma omp parallel for ordered schedule(guided, 2) reduction(+ : acc)
  for (int i = 0; i < 100; i++) {
    acc += i;
#pragma omp ordered
    {
      if (i != prev + 1)
        in_order = 0;
      prev = i;
    }
  }
  printf("guided,2 in order: %d, last %d, acc %ld\n", in_order, prev, acc);

  /* running sum built in the ordered region: deterministic prefix sums */
  int prefix[10];
  int running = 0;
#pragma omp parallel for ordered schedule(dynamic, 3)
  for (int i = 0; i < 10; i++) {
    int sq = i * i;
#pragma omp ordered
    {
      running += sq;
      prefix[i] = running;
    }
  }
  for (int i = 0; i < 10; i++)
    printf("%d%c", prefix[i], i == 9 ? '\n' : ' ');
  return 0;
}
