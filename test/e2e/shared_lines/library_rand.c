/* Two threads draw 1,000 numbers each from rand() at once, after a
 * barrier. rand() takes the C library's lock around its state: natively the
 * two take its line from each other at nearly every draw, waiting for each
 * other's draws (shared_lines.sh). The sum of the 2,000 numbers is the
 * same whichever thread drew which. */
#include <stdio.h>
#include <stdlib.h>

enum { kDraws = 1000 };

int main(void) {
  long sum = 0;
  srand(11);
#pragma omp parallel num_threads(2) reduction(+ : sum)
  {
#pragma omp barrier
    for (int i = 0; i < kDraws; ++i) sum += rand() % 1000;
  }
  printf("draws=%d sum=%ld\n", 2 * kDraws, sum);
  return 0;
}
