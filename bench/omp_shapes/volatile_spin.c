/* The same with a volatile flag and a plain loop on it (omp_shapes.py). */
#include "work.h"
volatile int flag;
int main(void) {
  double v = 0, t0 = omp_get_wtime();
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1) {
      v = work(30000000, 1);
      flag = 1;
    } else {
      while (!flag) {
      }
      v += work(10000000, 2);
    }
  }
  printf("volatile_spin %.6f\n", v);
  printf("time=%f\n", omp_get_wtime() - t0);
}
