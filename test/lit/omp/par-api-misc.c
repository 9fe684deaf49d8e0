// RUN: %omp-check %s
// Checks omp API queries: thread numbers, ancestors, team sizes, max threads, set_num_threads(1), wtime, schedule.
#include <omp.h>
#include <stdio.h>

int main(void) {
  printf("outside: num_threads=%d thread_num=%d\n", omp_get_num_threads(), omp_get_thread_num());
  printf("ancestor(0)=%d team_size(0)=%d ancestor(1)=%d team_size(1)=%d\n",
         omp_get_ancestor_thread_num(0), omp_get_team_size(0), omp_get_ancestor_thread_num(1),
         omp_get_team_size(1));
  int max0 = omp_get_max_threads();
  printf("max_threads >= 1: %d\n", max0 >= 1);

  int tid_ok = 1, anc_ok = 1, size_ok = 1, entered = 0, team = 0;
#pragma omp parallel shared(tid_ok, anc_ok, size_ok, entered, team)
  {
    int tid = omp_get_thread_num(), n = omp_get_num_threads();
    if (tid < 0 || tid >= n)
      tid_ok = 0;
    if (omp_get_ancestor_thread_num(0) != 0 || omp_get_ancestor_thread_num(1) != tid)
      anc_ok = 0;
    if (omp_get_team_size(0) != 1 || omp_get_team_size(1) != n)
      size_ok = 0;
#pragma omp atomic
    entered++;
#pragma omp single
    team = n;
  }
  printf("tid < nthreads: %d, ancestors: %d, team sizes: %d\n", tid_ok, anc_ok, size_ok);
  printf("entered == team: %d, team <= max_threads: %d\n", entered == team, team <= max0);

  omp_set_num_threads(1);
  int one_team = 0, one_entered = 0;
#pragma omp parallel
  {
    one_team = omp_get_num_threads();
#pragma omp atomic
    one_entered++;
  }
  printf("after omp_set_num_threads(1): max=%d team=%d entered=%d\n", omp_get_max_threads(), one_team,
         one_entered);
  omp_set_num_threads(max0);
  printf("restored max threads: %d\n", omp_get_max_threads() == max0);

  double t0 = omp_get_wtime();
  volatile long spin = 0;
  for (long i = 0; i < 100000; i++)
    spin += i;
  double t1 = omp_get_wtime();
  printf("wtime monotonic: %d, tick positive: %d\n", t1 >= t0, omp_get_wtick() > 0.0);

  omp_set_schedule(omp_sched_guided, 7);
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);
  printf("schedule guided: %d, chunk %d\n", kind == omp_sched_guided, chunk);
  omp_set_schedule(omp_sched_dynamic, 1);
  omp_get_schedule(&kind, &chunk);
  printf("schedule dynamic: %d, chunk %d\n", kind == omp_sched_dynamic, chunk);
  return 0;
}
