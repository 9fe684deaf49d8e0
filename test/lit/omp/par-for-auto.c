// RUN: %omp-check %s
// Checks schedule(auto) on for and parallel for: every iteration runs exactly once with correct results.
#include <omp.h>
#include <stdio.h>

#define N 300

int main(void) {
  int a[N], count[N];
  long sum = 0;

  for (int i = 0; i < N; i++)
    count[i] = 0;

#pragma omp parallel
  {
#pragma omp for schedule(auto)
    for (int i = 0; i < N; i++) {
      a[i] = i * i % 97;
      count[i]++;
    }
#pragma omp for schedule(auto) reduction(+ : sum)
    for (int i = 0; i < N; i++)
      sum += a[i];
  }

  int once = 1;
  for (int i = 0; i < N; i++)
    if (count[i] != 1)
      once = 0;
  printf("each iteration once: %d\n", once);
  printf("sum: %ld\n", sum);

  long sum2 = 0;
#pragma omp parallel for schedule(auto) reduction(+ : sum2)
  for (int i = N - 1; i >= 0; i -= 2)
    sum2 += a[i];
  printf("odd-index sum: %ld\n", sum2);
  return 0;
}
