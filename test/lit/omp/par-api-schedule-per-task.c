// RUN: %omp-check %s
// run-sched-var is a task's own: omp_set_schedule in thread 1 of a region
// is what thread 1, and the regions it starts, see; not thread 0, nor the
// initial task after the region (it set the runtime's, for every thread).
// Outside any region it sets the initial task's, which regions inherit.
// A schedule(runtime) loop in the region thread 1 starts covers its
// iterations once.
#include <omp.h>
#include <stdio.h>

int main(void) {
  omp_set_max_active_levels(2);
  omp_sched_t initial;
  int initial_chunk;
  omp_get_schedule(&initial, &initial_chunk);
  int kinds[2] = {0, 0}, chunks[2] = {0, 0}, inner_kind = 0, inner_chunk = 0, hits[100] = {0};
#pragma omp parallel num_threads(2)
  {
    const int me = omp_get_thread_num();
    if (me == 1) omp_set_schedule(omp_sched_guided, 9);
#pragma omp barrier
    omp_sched_t k;
    omp_get_schedule(&k, &chunks[me]);
    kinds[me] = (int)k;
    if (me == 1) {
#pragma omp parallel num_threads(2)
      {
        if (omp_get_thread_num() == 0) {
          omp_sched_t ik;
          omp_get_schedule(&ik, &inner_chunk);
          inner_kind = (int)ik;
        }
#pragma omp for schedule(runtime)
        for (int i = 0; i < 100; i++) hits[i]++;
      }
    }
  }
  omp_sched_t after;
  int after_chunk, once = 1;
  omp_get_schedule(&after, &after_chunk);
  for (int i = 0; i < 100; i++) once = once && hits[i] == 1;
  printf("thread 0 sees the initial schedule: %d; thread 1 sees guided,%d: %d; its region's threads: guided,%d: %d; "
         "iterations once: %d; the initial task after the region: %d\n",
         kinds[0] == (int)initial && chunks[0] == initial_chunk, chunks[1], kinds[1] == omp_sched_guided, inner_chunk,
         inner_kind == omp_sched_guided, once, after == initial && after_chunk == initial_chunk);
  omp_set_schedule(omp_sched_dynamic, 3);
  int seen_kind = 0, seen_chunk = 0;
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 1) {
    omp_sched_t k;
    omp_get_schedule(&k, &seen_chunk);
    seen_kind = (int)k;
  }
  printf("set outside: a region's thread sees dynamic,%d: %d\n", seen_chunk, seen_kind == omp_sched_dynamic);
  return 0;
}
