// RUN: %omp-check %s
// ENV: OMP_CANCELLATION=true
// The last thread of the team cancels the region after a while; the others,
// the program's thread first, spin on cancellation points until it does.
// Simulated without CPU bursts (the checker's simulation), a spinning thread
// advances no clock: each cancellation point lets the other threads run.
#include <omp.h>
#include <stdio.h>

int main(void) {
  long rounds = 0;
#pragma omp parallel shared(rounds)
  {
    const int last = omp_get_num_threads() - 1;
    for (long k = 0;; k++) {
      if (omp_get_thread_num() == last && k == 100) {
#pragma omp atomic write
        rounds = k;
#pragma omp cancel parallel
      }
#pragma omp cancellation point parallel
    }
  }
  printf("rounds: %ld\n", rounds);
  return 0;
}
