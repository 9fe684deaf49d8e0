// RUN: %omp-check %s
// ENV: OMP_CANCELLATION=true
// `cancel sections` in one section: sections not started are skipped, the
// region goes on after the construct's barrier.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int first = 0, reached = 0;
#pragma omp parallel shared(first, reached)
  {
#pragma omp sections
    {
#pragma omp section
      {
        first = 1;
#pragma omp cancel sections
      }
#pragma omp section
      {
#pragma omp cancellation point sections
      }
    }
#pragma omp atomic
    reached++;
#pragma omp barrier
#pragma omp single
    reached = reached == omp_get_num_threads();
  }
  printf("first section: %d, every thread after the construct: %d\n", first, reached);
  return 0;
}
