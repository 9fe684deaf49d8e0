// RUN: %omp-check %s
// Checks schedule(static) without a chunk gives each thread one contiguous block, in thread order.
#include <omp.h>
#include <stdio.h>

#define N 103

int main(void) {
  int owner[N];
  int count[N];
  int nthreads = 0;
  for (int i = 0; i < N; i++)
    count[i] = 0;

#pragma omp parallel shared(owner, count, nthreads)
  {
#pragma omp single
    nthreads = omp_get_num_threads();
#pragma omp for schedule(static)
    for (int i = 0; i < N; i++) {
      owner[i] = omp_get_thread_num();
      count[i]++;
    }
  }

  int once = 1, nondecreasing = 1, tid_ok = 1, blocks = 1;
  for (int i = 0; i < N; i++) {
    if (count[i] != 1)
      once = 0;
    if (owner[i] < 0 || owner[i] >= nthreads)
      tid_ok = 0;
    if (i > 0 && owner[i] < owner[i - 1])
      nondecreasing = 0;
    if (i > 0 && owner[i] != owner[i - 1])
      blocks++;
  }
  /* no block is larger than ceil(N / nthreads) */
  int balanced = 1;
  for (int i = 0, start = 0; i <= N; i++) {
    if (i == N || owner[i] != owner[start]) {
      int len = i - start;
      if (len > (N + nthreads - 1) / nthreads)
        balanced = 0;
      start = i;
    }
  }
  printf("each iteration once: %d\n", once);
  printf("owners valid: %d\n", tid_ok);
  printf("owners nondecreasing: %d\n", nondecreasing);
  printf("one block per thread: %d\n", blocks == nthreads);
  printf("balanced: %d\n", balanced);
  return 0;
}
