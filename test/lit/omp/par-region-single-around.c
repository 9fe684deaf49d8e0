// RUN: %omp-check %s
// Checks that code before and after a single construct runs on every thread and the single body runs once.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int before = 0, after = 0, singles = 0, nthreads = 0;
  int seen_before_in_single = -1;

#pragma omp parallel shared(before, after, singles, nthreads, seen_before_in_single)
  {
#pragma omp atomic
    before++;

#pragma omp single
    {
      nthreads = omp_get_num_threads();
      singles++;
    }
    /* implicit barrier: every thread has incremented 'before' by now */
#pragma omp single
    seen_before_in_single = (before == nthreads);

#pragma omp atomic
    after++;
  }

  printf("singles executed: %d\n", singles);
  printf("before == nthreads: %d\n", before == nthreads);
  printf("after == nthreads: %d\n", after == nthreads);
  printf("before complete at second single: %d\n", seen_before_in_single);
  printf("nthreads >= 1: %d\n", nthreads >= 1);
  return 0;
}
