// RUN: %omp-check %s
// Checks ordered blocks inside for ordered with static schedules run (and print) in iteration order.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int seq[40];
  int pos = 0;
  long work = 0;

#pragma omp parallel for ordered schedule(static) reduction(+ : work)
  for (int i = 0; i < 8; i++) {
    work += i * i; /* unordered part */
#pragma omp ordered
    printf("static i=%d\n", i);
  }

#pragma omp parallel
  {
#pragma omp for ordered schedule(static, 3)
    for (int i = 20; i > 0; i -= 2) {
      int v = i * 10;
#pragma omp ordered
      {
        seq[pos++] = i;
        printf("static,3 i=%d v=%d\n", i, v);
      }
    }
  }

  int ok = (pos == 10);
  for (int k = 0; k < pos; k++)
    if (seq[k] != 20 - 2 * k)
      ok = 0;
  printf("sequence ok: %d, work %ld\n", ok, work);
  return 0;
}
