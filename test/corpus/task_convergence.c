/* An iterative method written with tasks: each sweep's blocks are tasks
   that add their part of the squared norm into a task reduction, and the
   loop runs until the norm is small; a second loop's one task computes a
   sum the loop tests. The counts of iterations are what the program prints. */
#include <math.h>
#include <stdio.h>

#define N (1 << 18)
#define BLOCKS 8

static double x[N], y[N];

static double sweep(void) {
  double red = 0;
#pragma omp taskgroup task_reduction(+ : red)
  for (int b = 0; b < BLOCKS; b++) {
#pragma omp task in_reduction(+ : red) firstprivate(b)
    for (int i = b * (N / BLOCKS); i < (b + 1) * (N / BLOCKS); i++) {
      x[i] *= 0.5;
      red += x[i] * x[i];
    }
  }
  return red;
}

int main(void) {
  for (int i = 0; i < N; i++) x[i] = 1.0 + (i % 10);
  double norm = 1e30, total = 0;
  int iterations = 0, rounds = 0;
#pragma omp parallel
#pragma omp single
  {
    while (norm > 1e-3 && iterations < 1000) {
      double red = sweep();
      norm = sqrt(red);
      iterations++;
    }
    while (total < 1000.0 && rounds < 1000) {
#pragma omp task shared(total) depend(inout : total)
      {
        for (int i = 0; i < N; i++) y[i] = 0.5 * (y[i] + 1.0);
        total += y[N / 2];
      }
#pragma omp taskwait
      rounds++;
    }
  }
  printf("iterations=%d norm=%.4e\n", iterations, norm);
  printf("rounds=%d total=%.4f\n", rounds, total);
  return 0;
}
