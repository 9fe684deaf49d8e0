// RUN: %omp-check %s
// NATIVE-ONLY: the threads spin on a shared counter with no OpenMP call in the loop, which a simulation (its threads are actors that run one at a time) never leaves
// A test that spins until every thread of a team of 4 arrived, as
// conformance tests of barriers and nowait loops do: with OMP_NUM_THREADS at
// 1 or 2 it needs the team asked for, not one capped at the workers.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int arrived = 0, size = 0;
  omp_set_dynamic(0);
  omp_set_num_threads(4);
#pragma omp parallel shared(arrived)
  {
#pragma omp atomic
    arrived++;
    int seen;
    do {
#pragma omp atomic read
      seen = arrived;
    } while (seen < 4);
#pragma omp for nowait
    for (int i = 0; i < 4; i++) {
#pragma omp atomic
      arrived++;
    }
    do {
#pragma omp atomic read
      seen = arrived;
    } while (seen < 8);
#pragma omp master
    size = omp_get_num_threads();
  }
  printf("team of %d, %d arrivals\n", size, arrived);
  return 0;
}
