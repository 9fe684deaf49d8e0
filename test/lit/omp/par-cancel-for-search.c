// RUN: %omp-check %s
// ENV: OMP_CANCELLATION=true
// A parallel search that cancels its loop once a thread finds the key; the
// other threads leave at their next cancellation point, and the loop after
// it (same region) runs in full.
#include <omp.h>
#include <stdio.h>

#define N 200000

static int data[N];

int main(void) {
  for (int i = 0; i < N; i++)
    data[i] = (int)(((long)i * 7919) % N); /* a permutation: one match */
  const int key = data[123457];
  int found = -1;
  long after = 0;
#pragma omp parallel shared(found, after)
  {
#pragma omp for schedule(dynamic, 64)
    for (int i = 0; i < N; i++) {
      if (data[i] == key) {
#pragma omp atomic write
        found = i;
#pragma omp cancel for
      }
#pragma omp cancellation point for
    }
    /* the loop above ended at its barrier: this one is not cancelled */
#pragma omp for reduction(+ : after)
    for (int i = 0; i < 1000; i++)
      after += i;
  }
  printf("cancellation: %d\n", omp_get_cancellation());
  printf("found at: %d\n", found);
  printf("after: %ld\n", after);
  return 0;
}
