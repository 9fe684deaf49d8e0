// RUN: %omp-check %s
// Checks collapse(2) on for loops: all (i, j) pairs run once, with static chunk and dynamic schedules and lastprivate.
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define NI 7
#define NJ 11

int main(void) {
  int hit[NI][NJ];
  long sum = 0;
  int li = -1, lj = -1;

  memset(hit, 0, sizeof hit);
#pragma omp parallel for collapse(2) reduction(+ : sum) lastprivate(li, lj)
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
#pragma omp atomic
      hit[i][j]++;
      sum += i * 100 + j;
      li = i;
      lj = j;
    }

  int once = 1;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      if (hit[i][j] != 1)
        once = 0;
  printf("collapse static: once %d sum %ld last (%d,%d)\n", once, sum, li, lj);

  /* collapse with schedule(static, 3): flattened iteration k belongs to thread (k/3) % nthreads */
  int owner[NI][NJ], nthreads = 0, rr = 1;
#pragma omp parallel
  {
#pragma omp single
    nthreads = omp_get_num_threads();
#pragma omp for collapse(2) schedule(static, 3)
    for (int i = 0; i < NI; i++)
      for (int j = 0; j < NJ; j++)
        owner[i][j] = omp_get_thread_num();
  }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      if (owner[i][j] != ((i * NJ + j) / 3) % nthreads)
        rr = 0;
  printf("collapse static,3 round-robin: %d\n", rr);

  /* non-rectangular bounds are not needed; use non-unit steps and dynamic */
  long s2 = 0;
#pragma omp parallel for collapse(2) schedule(dynamic, 2) reduction(+ : s2)
  for (int i = 10; i > 0; i -= 3)
    for (int j = 0; j < 20; j += 4)
      s2 += i * j;
  printf("collapse dynamic strided sum: %ld\n", s2);
  return 0;
}
