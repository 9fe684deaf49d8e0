// RUN: %omp-check %s
// Every thread of the team creates tasks (work handed out through an atomic ticket), and the barrier completes all of them.
#include <stdio.h>
#include <omp.h>

#define N 200

int main(void) {
  static int out[N];
  static int made[N];
  int next = 0;
  long sum = 0;

#pragma omp parallel shared(out, made, next, sum)
  {
    for (;;) {
      int i;
#pragma omp atomic capture
      i = next++;
      if (i >= N)
        break;
      made[i]++;
#pragma omp task firstprivate(i) shared(out, sum)
      {
        out[i] = i % 13 + 1;
#pragma omp atomic
        sum += out[i];
      }
    }
    /* each thread waits for the tasks it created itself */
#pragma omp taskwait
  }

  int once = 1, chk = 0;
  for (int i = 0; i < N; i++) {
    once &= made[i] == 1;
    chk += out[i];
  }
  printf("each index created once: %d\n", once);
  printf("sum %ld check %d\n", sum, chk);
  printf("ok %d\n", sum == chk);
  return 0;
}
