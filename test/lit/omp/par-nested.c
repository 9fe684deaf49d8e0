// RUN: %omp-check %s
// Checks nested parallel regions: levels, per-level thread numbers and that every inner team runs its body.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int outer_threads = 0, inner_entries = 0, inner_team_sum = 0;
  int level_ok = 1, ancestor_ok = 1, tid_ok = 1;

#pragma omp parallel shared(outer_threads, inner_entries, inner_team_sum, level_ok, ancestor_ok, tid_ok)
  {
    int outer_tid = omp_get_thread_num();
    if (omp_get_level() != 1)
      level_ok = 0;
#pragma omp atomic
    outer_threads++;

#pragma omp parallel shared(inner_entries, inner_team_sum, level_ok, ancestor_ok, tid_ok)
    {
      if (omp_get_level() != 2)
        level_ok = 0;
      if (omp_get_ancestor_thread_num(1) != outer_tid)
        ancestor_ok = 0;
      if (omp_get_ancestor_thread_num(2) != omp_get_thread_num())
        ancestor_ok = 0;
      if (omp_get_thread_num() >= omp_get_num_threads())
        tid_ok = 0;
#pragma omp atomic
      inner_entries++;
#pragma omp single
      {
#pragma omp atomic
        inner_team_sum += omp_get_num_threads();
      }
    }
    if (omp_get_level() != 1)
      level_ok = 0;
  }

  printf("outer threads >= 1: %d\n", outer_threads >= 1);
  printf("inner entries == sum of inner team sizes: %d\n", inner_entries == inner_team_sum);
  printf("inner entries >= outer threads: %d\n", inner_entries >= outer_threads);
  printf("levels ok: %d\n", level_ok);
  printf("ancestors ok: %d\n", ancestor_ok);
  printf("tids ok: %d\n", tid_ok);
  printf("level after: %d\n", omp_get_level());
  return 0;
}
