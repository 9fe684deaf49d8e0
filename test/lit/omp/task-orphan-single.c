// RUN: %omp-check %s
// Orphaned single/task constructs in another translation unit, called from a parallel region, create tasks that complete at the right barrier.
// EXTRA: Inputs/task-orphan-single-lib.c
#include <stdio.h>
#include <omp.h>

void fill_squares(int *out, int n);
void prefix_chain(int *acc, int n);
long count_sum(int lo, int hi);

#define N 50

int main(void) {
  int sq[N], acc[N];
  long total = 0, s_sq = 0;
  for (int i = 0; i < N; i++)
    acc[i] = i % 4 + 1;

#pragma omp parallel shared(sq, acc, total)
  {
    fill_squares(sq, N); /* every thread calls; single inside */
    /* the single's barrier has passed: all squares are written */
#pragma omp single
    {
      for (int i = 0; i < N; i++)
        s_sq += sq[i];
    }
    prefix_chain(acc, N); /* single nowait inside */
#pragma omp barrier
    /* the barrier completed the chain tasks */
#pragma omp single
    total = count_sum(0, 10000);
  }
  printf("squares %ld\n", s_sq);
  printf("prefix last %d mid %d\n", acc[N - 1], acc[N / 2]);
  printf("count_sum %ld ok %d\n", total, total == 49995000);

  /* the same functions called without any parallel region */
  int sq2[10];
  fill_squares(sq2, 10);
  printf("serial squares[9] %d count_sum %ld\n", sq2[9], count_sum(0, 1000));
  return 0;
}
