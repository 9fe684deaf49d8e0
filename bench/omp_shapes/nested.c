/* Nested parallelism: two teams of two on the outer region's two threads,
 * four threads on two cores (omp_shapes.py). */
#include "work.h"
int main(void) {
  double s[4] = {0}, t0 = omp_get_wtime();
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
    int o = omp_get_thread_num();
    double loc = 0;
#pragma omp parallel for num_threads(2) reduction(+: loc)
    for (int i = 0; i < 400; ++i) loc += work(50000 + o * 30000, i);
    s[o] = loc;
  }
  printf("nested %.6f %.6f\n", s[0], s[1]);
  printf("time=%f\n", omp_get_wtime() - t0);
}
