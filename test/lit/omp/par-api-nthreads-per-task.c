// RUN: %omp-check %s
// nthreads-var is a task's own: omp_set_num_threads in thread 1 of a region
// sizes that thread's next regions only, not thread 0's, nor the initial
// task's after the region (it set the runtime's, for every thread and
// after the region, as libomp does not). Outside any region it sets the
// initial task's, which every region after uses.
#include <omp.h>
#include <stdio.h>

int main(void) {
  omp_set_max_active_levels(2);
  int inner[2] = {0, 0}, seen[2] = {0, 0};
  const int before = omp_get_max_threads();
#pragma omp parallel num_threads(2)
  {
    const int me = omp_get_thread_num();
    if (me == 1) omp_set_num_threads(3);
#pragma omp barrier
    seen[me] = omp_get_max_threads();
#pragma omp parallel
#pragma omp single
    inner[omp_get_ancestor_thread_num(1)] = omp_get_num_threads();
  }
  printf("inner teams: thread 0's %d (%s), thread 1's %d; max threads seen %d %d; after the region %s\n",
         inner[0], inner[0] == before ? "unchanged" : "changed", inner[1], seen[0] == before, seen[1],
         omp_get_max_threads() == before ? "unchanged" : "changed");
  omp_set_num_threads(3);
  int size = 0;
#pragma omp parallel
#pragma omp single
  size = omp_get_num_threads();
  printf("after omp_set_num_threads(3) outside: a team of %d, max threads %d\n", size, omp_get_max_threads());
  return 0;
}
