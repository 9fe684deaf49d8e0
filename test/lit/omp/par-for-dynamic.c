// RUN: %omp-check %s
// Checks schedule(dynamic) and schedule(dynamic, chunk): each iteration runs once and chunks stay on one thread.
#include <omp.h>
#include <stdio.h>

#define N 200

int main(void) {
  int owner[N], count[N];
  long total = 0;

  for (int i = 0; i < N; i++)
    count[i] = 0;
#pragma omp parallel for schedule(dynamic) reduction(+ : total)
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    count[i]++;
    total += i;
  }
  int once = 1;
  for (int i = 0; i < N; i++)
    if (count[i] != 1)
      once = 0;
  printf("dynamic: each once %d, total %ld\n", once, total);

  const int chunks[3] = {3, 16, 250};
  for (int c = 0; c < 3; c++) {
    int chunk = chunks[c];
    total = 0;
    for (int i = 0; i < N; i++)
      count[i] = 0;
#pragma omp parallel for schedule(dynamic, chunk) reduction(+ : total)
    for (int i = 0; i < N; i++) {
      owner[i] = omp_get_thread_num();
      count[i]++;
      total += 3 * i;
    }
    int same = 1;
    once = 1;
    for (int i = 0; i < N; i++) {
      if (count[i] != 1)
        once = 0;
      if (i % chunk != 0 && owner[i] != owner[i - 1])
        same = 0; /* an iteration inside a chunk ran on another thread */
    }
    printf("dynamic,%d: each once %d, chunk on one thread %d, total %ld\n", chunk, once,
           same, total);
  }
  return 0;
}
