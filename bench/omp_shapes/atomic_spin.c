/* One thread sets a flag (`atomic write`) after 30 M units of work, the
 * other polls it (`atomic read`) and then works 10 M (omp_shapes.py). */
#include "work.h"
int main(void) {
  int flag = 0;
  double v = 0, t0 = omp_get_wtime();
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1) {
      v = work(30000000, 1);
#pragma omp atomic write
      flag = 1;
    } else {
      int f = 0;
      while (!f) {
#pragma omp atomic read
        f = flag;
      }
      v += work(10000000, 2);
    }
  }
  printf("atomic_spin %.6f\n", v);
  printf("time=%f\n", omp_get_wtime() - t0);
}
