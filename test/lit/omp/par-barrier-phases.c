// RUN: %omp-check %s
// Checks explicit barriers separate phases: no thread sees a later phase early and every phase sees all earlier work.
#include <omp.h>
#include <stdio.h>

#define PHASES 20

int main(void) {
  int arrived[PHASES];
  int violations = 0, nthreads = 0;
  long stage[64];

  for (int p = 0; p < PHASES; p++)
    arrived[p] = 0;

#pragma omp parallel shared(arrived, violations, nthreads, stage)
  {
    int tid = omp_get_thread_num();
#pragma omp single
    nthreads = omp_get_num_threads();
    for (int p = 0; p < PHASES; p++) {
#pragma omp atomic
      arrived[p]++;
      if (tid < 64)
        stage[tid] = (long)p * 1000 + tid;
#pragma omp barrier
      /* everybody has arrived at phase p and written its stage value */
      int a;
#pragma omp atomic read
      a = arrived[p];
      if (a != nthreads) {
#pragma omp atomic
        violations++;
      }
      int right = (tid + 1) % nthreads;
      if (right < 64 && stage[right] != (long)p * 1000 + right) {
#pragma omp atomic
        violations++;
      }
#pragma omp barrier
      /* nobody can have reached the next phase before this barrier completed */
      if (p + 1 < PHASES && tid < 64 && stage[tid] != (long)p * 1000 + tid) {
#pragma omp atomic
        violations++;
      }
    }
  }

  int total = 0;
  for (int p = 0; p < PHASES; p++)
    total += arrived[p] == nthreads;
  printf("phases complete: %d of %d\n", total, PHASES);
  printf("violations: %d\n", violations);
  return 0;
}
