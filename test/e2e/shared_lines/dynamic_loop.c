/* Two threads, 500 rounds: in each, a dynamic loop of two iterations of
 * about 1 us each. The threads take their chunks from the loop's shared
 * counter (rt/omp/loops.cpp), whose line moves between their cores while
 * both take chunks: a move the runtime's update makes (shared_lines.sh). */
#include <stdio.h>

enum { kRounds = 500 };
static double sums[2];

static double work(int i) {
  double x = 0;
  for (int k = 0; k < 300; ++k) x += 1e-9 * (k + i);
  return x;
}

int main(void) {
  int iterations = 0;
#pragma omp parallel num_threads(2) reduction(+ : iterations)
  for (int r = 0; r < kRounds; ++r) {
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < 2; ++i) {
      sums[i] += work(i);
      ++iterations;
    }
  }
  printf("iterations=%d\n", iterations);
  return iterations == 2 * kRounds ? 0 : 1;
}
