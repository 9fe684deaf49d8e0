// RUN: %omp-check %s
// Without OMP_CANCELLATION, `cancel` does nothing: the loop runs in full.
#include <omp.h>
#include <stdio.h>

int main(void) {
  long count = 0;
#pragma omp parallel for reduction(+ : count)
  for (int i = 0; i < 10000; i++) {
    count++;
    if (i == 10) {
#pragma omp cancel for
    }
  }
  printf("cancellation: %d, iterations: %ld\n", omp_get_cancellation(), count);
  return 0;
}
