// RUN: %omp-check %s
// Checks num_threads(1) regions: one thread, thread 0, not in an active parallel region, worksharing still works.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int entries = 0, nthreads = -1, tid = -1, in_par = -1, level = -1, active = -1;
  long sum = 0;

#pragma omp parallel num_threads(1)
  {
#pragma omp atomic
    entries++;
    nthreads = omp_get_num_threads();
    tid = omp_get_thread_num();
    in_par = omp_in_parallel();
    level = omp_get_level();
    active = omp_get_active_level();
  }

#pragma omp parallel for num_threads(1) reduction(+ : sum)
  for (int i = 1; i <= 100; i++)
    sum += i;

  int order_ok = 1, next = 0;
#pragma omp parallel for num_threads(1) schedule(monotonic : dynamic)
  for (int i = 0; i < 50; i++) {
    if (i != next)
      order_ok = 0;
    next = i + 1;
  }

  printf("entries=%d nthreads=%d tid=%d\n", entries, nthreads, tid);
  printf("in_parallel=%d level=%d active_level=%d\n", in_par, level, active);
  printf("sum=%ld\n", sum);
  printf("sequential order: %d\n", order_ok);
  return 0;
}
