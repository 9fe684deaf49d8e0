// RUN: %omp-check %s
// Checks flush with a producer/consumer handshake between threads and a flush-protected publish before a barrier.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int data = 0, ready = 0, consumed = -1;
  int slots[64];
  int nthreads = 0, seen_all = 1;

#pragma omp parallel shared(data, ready, consumed, slots, nthreads, seen_all)
  {
    int tid = omp_get_thread_num();
    int n = omp_get_num_threads();
    if (tid == 0)
      nthreads = n;

    /* producer: thread 0; consumer: the last thread (thread 0 itself if alone) */
    if (tid == 0) {
      data = 4242;
#pragma omp flush
#pragma omp atomic write
      ready = 1;
#pragma omp flush(ready)
    }
    if (tid == n - 1) {
      int r = 0;
      while (!r) {
#pragma omp flush(ready)
#pragma omp atomic read
        r = ready;
      }
#pragma omp flush
      consumed = data;
    }

    /* each thread publishes its own slot, then reads everybody's after the barrier */
    if (tid < 64)
      slots[tid] = tid * tid + 1;
#pragma omp flush
#pragma omp barrier
    for (int t = 0; t < n && t < 64; t++)
      if (slots[t] != t * t + 1) {
#pragma omp atomic write
        seen_all = 0;
      }
  }

  printf("consumer read produced value: %d\n", consumed);
  printf("all slots visible after flush+barrier: %d\n", seen_all);
  printf("nthreads >= 1: %d\n", nthreads >= 1);
  return 0;
}
