// RUN: %omp-check %s
// Checks schedule(guided) and schedule(guided, chunk): iterations run once and no chunk is smaller than requested.
#include <omp.h>
#include <stdio.h>

#define N 500

static int owner[N], count[N];

static void check(const char *name, int chunk, long total) {
  int once = 1, sizes_ok = 1;
  int run_start = 0;
  for (int i = 0; i < N; i++)
    if (count[i] != 1)
      once = 0;
  /* a maximal run of iterations on one thread is made of whole chunks, so
     every run except the one ending at N must hold at least 'chunk' iterations */
  for (int i = 1; i <= N; i++) {
    if (i == N || owner[i] != owner[i - 1]) {
      if (i != N && i - run_start < chunk)
        sizes_ok = 0;
      run_start = i;
    }
  }
  printf("%s: each once %d, chunk sizes ok %d, total %ld\n", name, once, sizes_ok, total);
}

int main(void) {
  long total = 0;
  for (int i = 0; i < N; i++)
    count[i] = 0;
#pragma omp parallel for schedule(guided) reduction(+ : total)
  for (int i = 0; i < N; i++) {
    owner[i] = omp_get_thread_num();
    count[i]++;
    total += i;
  }
  check("guided", 1, total);

  total = 0;
  for (int i = 0; i < N; i++)
    count[i] = 0;
#pragma omp parallel for schedule(guided, 7) reduction(+ : total)
  for (int i = 0; i < N; i++) {
    owner[i] = omp_get_thread_num();
    count[i]++;
    total += 2 * i;
  }
  check("guided,7", 7, total);
  return 0;
}
