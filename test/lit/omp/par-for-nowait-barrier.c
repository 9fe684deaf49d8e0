// RUN: %omp-check %s
// Checks for nowait followed by an explicit barrier makes all writes of the first loop visible to the second.
#include <omp.h>
#include <stdio.h>

#define N 256

int main(void) {
  int a[N], b[N], c[N];
  long total = 0;

#pragma omp parallel shared(a, b, c)
  {
#pragma omp for schedule(static) nowait
    for (int i = 0; i < N; i++)
      a[i] = i + 1;
#pragma omp for schedule(static) nowait
    for (int i = 0; i < N; i++)
      b[i] = 2 * i;
#pragma omp barrier
    /* reversed and dynamic: reads elements written by other threads */
#pragma omp for schedule(dynamic, 5) nowait
    for (int i = 0; i < N; i++)
      c[i] = a[N - 1 - i] + b[(i * 7) % N];
#pragma omp barrier
#pragma omp for reduction(+ : total)
    for (int i = 0; i < N; i++)
      total += c[i];
  }

  int ok = 1;
  for (int i = 0; i < N; i++)
    if (c[i] != (N - i) + 2 * ((i * 7) % N))
      ok = 0;
  printf("elements ok: %d\n", ok);
  printf("total: %ld\n", total);
  return 0;
}
