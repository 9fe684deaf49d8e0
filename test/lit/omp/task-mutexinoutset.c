// RUN: %omp-check %s
// depend(mutexinoutset) tasks never run at the same time: plain (non-atomic) read-modify-write updates of a shared counter give the exact total.
#include <stdio.h>
#include <omp.h>

#define K 200

static int slow_add(int v, int k) {
  volatile int t = v;   /* widen the read-modify-write window */
  for (int i = 0; i < 50; i++)
    t = t + 0;
  return t + k;
}

int main(void) {
  int counter = 0, other = 0;
  int after = -1, final_c = -1;

#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: counter) shared(counter)
    counter = 1;
    for (int k = 1; k <= K; k++) {
#pragma omp task depend(mutexinoutset: counter) shared(counter) firstprivate(k)
      counter = slow_add(counter, k);
      if (k % 4 == 0) {
        /* exclusive with respect to both counter and other */
#pragma omp task depend(mutexinoutset: counter, other) shared(counter, other) firstprivate(k)
        {
          other = slow_add(other, 1);
          counter = slow_add(counter, 1000);
        }
      }
    }
#pragma omp task depend(in: counter) depend(inout: other) shared(counter, other, after)
    after = counter + other;
    /* a new mutual-exclusion set after the reader */
    for (int k = 0; k < 50; k++) {
#pragma omp task depend(mutexinoutset: counter) shared(counter)
      counter = slow_add(counter, 2);
    }
#pragma omp taskwait depend(in: counter)
    final_c = counter;
  }
  printf("counter %d other %d after %d final %d\n", counter, other, after, final_c);
  printf("ok %d\n", after == 1 + K * (K + 1) / 2 + 50 * 1000 + 50 && final_c == after - 50 + 100);
  return 0;
}
