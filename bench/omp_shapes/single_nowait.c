/* A `single nowait` after each barrier, a `master` between two: the last
 * thread to reach a barrier takes the next single natively (omp_shapes.py). */
#include "work.h"
int main(void) {
  double a[2] = {0}, shared = 0, t0 = omp_get_wtime();
#pragma omp parallel
  {
    int me = omp_get_thread_num();
    for (int r = 0; r < 5; ++r) {
#pragma omp single nowait
      shared += work(8000000, r);
      a[me % 2] += work(me == 0 ? 6000000 : 12000000, r);
#pragma omp barrier
#pragma omp master
      shared += work(2000000, r);
#pragma omp barrier
    }
  }
  printf("single_nowait %.6f %.6f\n", shared, a[0] + a[1]);
  printf("time=%f\n", omp_get_wtime() - t0);
}
