// RUN: %omp-check %s
// Nested active regions, as conformance tests check them: with
// max-active-levels 3, every level's team has the threads asked for, each
// thread knows its ancestors (omp_get_ancestor_thread_num,
// omp_get_team_size), worksharing and reductions work inside the inner
// teams, and the level past max-active-levels is serialised.
#include <omp.h>
#include <stdio.h>

int main(void) {
  omp_set_dynamic(0);
  omp_set_max_active_levels(2);
  int cells[2][3] = {{0}}, bad = 0;
  long total = 0;
#pragma omp parallel num_threads(2) reduction(+ : bad, total)
  {
    const int outer = omp_get_thread_num();
    long part = 0;
#pragma omp parallel num_threads(3) reduction(+ : bad, part)
    {
      const int inner = omp_get_thread_num();
      if (omp_get_level() != 2 || omp_get_active_level() != 2 || omp_get_num_threads() != 3) bad++;
      if (omp_get_ancestor_thread_num(1) != outer || omp_get_ancestor_thread_num(2) != inner) bad++;
      if (omp_get_team_size(1) != 2 || omp_get_team_size(2) != 3 || omp_get_ancestor_thread_num(0) != 0) bad++;
#pragma omp atomic
      cells[outer][inner]++;
#pragma omp for
      for (int i = 0; i < 300; i++) part += i;
#pragma omp barrier
      /* a third level, past max-active-levels: a team of one */
#pragma omp parallel num_threads(4)
      if (omp_get_num_threads() != 1 || omp_get_level() != 3 || omp_get_active_level() != 2) bad++;
    }
    total += part;
  }
  int each = 1;
  for (int o = 0; o < 2; o++)
    for (int i = 0; i < 3; i++) each = each && cells[o][i] == 1;
  printf("every (outer, inner) pair once: %d, wrong answers %d, sum %ld\n", each, bad, total);
  printf("max active levels %d, nested %d\n", omp_get_max_active_levels(), omp_get_nested());
  omp_set_max_active_levels(1);
  int inner_size = 0;
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(3)
#pragma omp single
  inner_size = omp_get_num_threads();
  printf("with max-active-levels 1 the inner team has %d thread(s)\n", inner_size);
  return 0;
}
