/* Rounds of 64 tasks of varied cost in a taskgroup, with a sequential part
 * between (omp_shapes.py). */
#include "work.h"
int main(void) {
  double acc[64] = {0}, t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp master
  for (int r = 0; r < 4; ++r) {
#pragma omp taskgroup
    {
      for (int i = 0; i < 64; ++i) {
#pragma omp task firstprivate(i)
        acc[i] += work(50000 + (i % 8) * 30000, i + r);
      }
    }
    acc[0] += work(300000, r);  /* sequential part between groups */
  }
  double s = 0;
  for (int i = 0; i < 64; ++i) s += acc[i];
  printf("taskgroup %.6f\n", s);
  printf("time=%f\n", omp_get_wtime() - t0);
}
