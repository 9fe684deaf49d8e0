// RUN: %omp-check %s
// The tasks of a team of one thread (num_threads(1) among several workers)
// are its thread's alone: they run one after the other, as libomp runs
// them, and an unsynchronised update in them is never lost. The runtime's
// other workers took them and ran them at the same time (1,000 to 1,340 of
// 2,000 increments were left natively at 2 threads).
#include <omp.h>
#include <stdio.h>

int main(void) {
  long counter = 0;
  int threads = 0, others = 0;
#pragma omp parallel num_threads(1)
#pragma omp single
  for (int t = 0; t < 2000; t++) {
#pragma omp task shared(counter, threads, others)
    {
      const long seen = counter;
      for (volatile int k = 0; k < 2000; k++) {
      }
      counter = seen + 1;
      threads = omp_get_num_threads();
      others += omp_get_thread_num() != 0;
    }
  }
  printf("counter %ld (2000), team of %d, tasks on another thread %d\n", counter, threads, others);
  return 0;
}
