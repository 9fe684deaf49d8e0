// RUN: %omp-check %s
// ENV: OMP_CANCELLATION=true
// Threads spin on cancellation points until thread 0 cancels the region;
// a barrier in the region lets the others go once it is cancelled, and the
// next region runs with the whole team.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int spins_done = 0;
  long rounds = 0;
#pragma omp parallel shared(rounds)
  {
    for (long k = 0;; k++) {
      if (omp_get_thread_num() == 0 && k == 1000) {
#pragma omp atomic write
        rounds = k;
#pragma omp cancel parallel
      }
#pragma omp cancellation point parallel
    }
  }
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
#pragma omp cancel parallel
    }
#pragma omp barrier
    /* only reached where the barrier came before the cancellation */
  }
  int team = 0;
#pragma omp parallel
  {
#pragma omp atomic
    team++;
#pragma omp barrier
#pragma omp single
    spins_done = team == omp_get_num_threads();
  }
  printf("rounds: %ld\n", rounds);
  printf("next region complete: %d\n", spins_done);
  return 0;
}
