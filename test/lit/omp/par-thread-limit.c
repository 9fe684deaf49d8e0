// RUN: %omp-check %s
// ENV: OMP_THREAD_LIMIT=3
// OMP_THREAD_LIMIT caps every team, however many threads are asked for,
// and omp_get_thread_limit says it.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int n = 0;
  omp_set_dynamic(0);
#pragma omp parallel num_threads(8)
#pragma omp single
  n = omp_get_num_threads();
  printf("thread limit %d, team asked 8 got %d\n", omp_get_thread_limit(), n);
  omp_set_num_threads(6);
  printf("max threads after omp_set_num_threads(6): %d\n", omp_get_max_threads() <= 6);
  return 0;
}
