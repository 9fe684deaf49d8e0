// RUN: %omp-check %s
// Checks schedule(static, chunk) assigns chunks round-robin in thread order and computes a correct result.
#include <omp.h>
#include <stdio.h>

#define N 100

int main(void) {
  int owner[N], val[N];
  int nthreads = 0;

  for (int chunk = 1; chunk <= 7; chunk += 3) {
#pragma omp parallel shared(owner, val, nthreads, chunk)
    {
#pragma omp single
      nthreads = omp_get_num_threads();
#pragma omp for schedule(static, chunk)
      for (int i = 0; i < N; i++) {
        owner[i] = omp_get_thread_num();
        val[i] = 2 * i + 1;
      }
    }
    int rr = 1, sum = 0;
    for (int i = 0; i < N; i++) {
      if (owner[i] != (i / chunk) % nthreads)
        rr = 0;
      sum += val[i];
    }
    printf("chunk %d: round-robin %d, sum %d\n", chunk, rr, sum);
  }

  /* literal chunk larger than the iteration count: one thread does everything */
  int single_owner = 1;
#pragma omp parallel for schedule(static, 64)
  for (int i = 0; i < 50; i++)
    owner[i] = omp_get_thread_num();
  for (int i = 0; i < 50; i++)
    if (owner[i] != 0)
      single_owner = 0;
  printf("chunk 64 over 50 iterations, all on thread 0: %d\n", single_owner);
  return 0;
}
