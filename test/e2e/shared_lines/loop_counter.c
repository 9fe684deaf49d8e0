/* Two threads, 500 rounds: in each, about 1 us of work, one atomic
 * increment of a counter both share, then a barrier. Each round one of the
 * two finds the counter's line where the other left it: the atomic moves it
 * (shared_lines.sh). */
#include <stdio.h>

enum { kRounds = 500 };
static long counter;
static volatile double sink;

static void work(void) {
  double x = 0;
  for (int k = 0; k < 300; ++k) x += 1e-9 * k;
  sink = x;
}

int main(void) {
#pragma omp parallel num_threads(2)
  for (int i = 0; i < kRounds; ++i) {
    work();
#pragma omp atomic
    counter++;
#pragma omp barrier
  }
  printf("counter=%ld\n", counter);
  return counter == 2 * kRounds ? 0 : 1;
}
