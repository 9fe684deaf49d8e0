// RUN: %omp-check %s
// Checks the if clause on parallel: false gives a one-thread inactive region, true behaves as a normal region.
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv) {
  (void)argv;
  int zero = argc - 1; /* 0 at run time, unknown at compile time */
  int n_false = 0, n_true = 0, team_true = 0;
  int in_par_false = -1, level_false = -1, active_false = -1, tid_false = -1;

#pragma omp parallel if (zero)
  {
#pragma omp atomic
    n_false++;
    in_par_false = omp_in_parallel();
    level_false = omp_get_level();
    active_false = omp_get_active_level();
    tid_false = omp_get_thread_num();
  }

#pragma omp parallel if (!zero)
  {
#pragma omp atomic
    n_true++;
#pragma omp single
    team_true = omp_get_num_threads();
  }

  int nested_ok = 1;
#pragma omp parallel if (0)
  {
#pragma omp parallel if (0)
    {
      if (omp_get_level() != 2 || omp_get_active_level() != 0 || omp_get_num_threads() != 1)
        nested_ok = 0;
    }
  }

  printf("if(false) threads: %d\n", n_false);
  printf("if(false) in_parallel=%d level=%d active=%d tid=%d\n", in_par_false,
         level_false, active_false, tid_false);
  printf("if(true) entries == team size: %d\n", n_true == team_true);
  printf("if(true) team <= max threads: %d\n", team_true >= 1 && team_true <= omp_get_max_threads());
  printf("nested if(0) ok: %d\n", nested_ok);
  return 0;
}
