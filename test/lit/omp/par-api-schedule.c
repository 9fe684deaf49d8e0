// RUN: %omp-check %s
// omp_get_schedule reads back what omp_set_schedule set, as libomp does: the
// monotonic modifier kept, a static chunk below 1 read as 0 (unchunked),
// dynamic and guided chunks at least 1, auto's chunk 1, libomp's own
// trapezoidal kind (101, kmp_sched_trapezoidal) kept; a schedule(runtime)
// loop runs every iteration once under each.
#include <omp.h>
#include <stdio.h>

int main(void) {
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);
  printf("initial: kind=%#x chunk=%d\n", (unsigned)kind, chunk);
  const int kinds[] = {omp_sched_static, omp_sched_dynamic, omp_sched_guided, omp_sched_auto, 101};
  const int chunks[] = {-3, 0, 1, 7};
  for (int m = 0; m < 2; ++m)
    for (int k = 0; k < 5; ++k)
      for (int c = 0; c < 4; ++c) {
        const omp_sched_t set = (omp_sched_t)(kinds[k] | (m ? (int)omp_sched_monotonic : 0));
        omp_set_schedule(set, chunks[c]);
        omp_get_schedule(&kind, &chunk);
        long sum = 0;
#pragma omp parallel for schedule(runtime) reduction(+ : sum)
        for (int i = 0; i < 1000; ++i) sum += i;
        printf("set(%#x,%d): kind=%#x chunk=%d sum=%ld\n", (unsigned)set, chunks[c], (unsigned)kind, chunk, sum);
      }
  return 0;
}
