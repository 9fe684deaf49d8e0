// RUN: %omp-check %s
// A consumer that spins on flush until a producer publishes: the program's
// thread consumes, the last thread of the team produces. Simulated without
// CPU bursts (the checker's simulation), the program's thread runs first and
// advances no clock while it spins: each flush lets the other threads run.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int data = 0, ready = 0, consumed = -1;
#pragma omp parallel shared(data, ready, consumed)
  {
    const int last = omp_get_num_threads() - 1;
    if (omp_get_thread_num() == last) {
      data = 17;
#pragma omp flush
#pragma omp atomic write
      ready = 1;
#pragma omp flush(ready)
    }
    if (omp_get_thread_num() == 0) {
      int r = 0;
      while (!r) {
#pragma omp flush(ready)
#pragma omp atomic read
        r = ready;
      }
#pragma omp flush
      consumed = data;
    }
  }
  printf("consumed: %d\n", consumed);
  return 0;
}
