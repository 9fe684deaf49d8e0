// RUN: %omp-check %s
// Checks omp_in_parallel, omp_get_level and omp_get_active_level outside, inside, and in nested serialised regions.
#include <omp.h>
#include <stdio.h>

int main(void) {
  printf("outside: in_parallel=%d level=%d active=%d\n", omp_in_parallel(), omp_get_level(),
         omp_get_active_level());

  int level1 = -1, inpar_ok = 0, active_ok = 0, l2 = -1, l2_active_ok = 0, l3 = -1, l3_active_ok = 0;
  int ser_level = -1, ser_active = -1, ser_inpar = -1, ser_nested_level = -1, ser_nested_active = -1;

#pragma omp parallel
  {
#pragma omp single
    {
      int n = omp_get_num_threads();
      level1 = omp_get_level();
      /* the region is active exactly when its team has more than one thread */
      inpar_ok = omp_in_parallel() == (n > 1);
      active_ok = omp_get_active_level() == (n > 1 ? 1 : 0);
    }
#pragma omp master
    {
      int outer_active = omp_get_active_level();
#pragma omp parallel if (0)
      {
        l2 = omp_get_level();
        l2_active_ok = omp_get_active_level() == outer_active;
#pragma omp parallel num_threads(1)
        {
          l3 = omp_get_level();
          l3_active_ok = omp_get_active_level() == outer_active;
        }
      }
    }
  }

#pragma omp parallel if (0)
  {
    ser_level = omp_get_level();
    ser_active = omp_get_active_level();
    ser_inpar = omp_in_parallel();
#pragma omp parallel num_threads(1)
    {
      ser_nested_level = omp_get_level();
      ser_nested_active = omp_get_active_level();
    }
  }

  printf("inside: level=%d in_parallel ok=%d active ok=%d\n", level1, inpar_ok, active_ok);
  printf("nested serialised: level=%d active ok=%d; level=%d active ok=%d\n", l2, l2_active_ok, l3,
         l3_active_ok);
  printf("serialised: level=%d active=%d in_parallel=%d\n", ser_level, ser_active, ser_inpar);
  printf("serialised nested: level=%d active=%d\n", ser_nested_level, ser_nested_active);
  printf("after: in_parallel=%d level=%d active=%d\n", omp_in_parallel(), omp_get_level(),
         omp_get_active_level());
  return 0;
}
