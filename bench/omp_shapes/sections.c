/* `parallel sections` of three unequal sections on two threads, which
 * clang's code gives out statically as libomp does (omp_shapes.py). */
#include "work.h"
int main(void) {
  double a = 0, b = 0, c = 0, t0 = omp_get_wtime();
  for (int r = 0; r < 4; ++r) {
#pragma omp parallel sections
    {
#pragma omp section
      a += work(40000000, r);
#pragma omp section
      b += work(20000000, r);
#pragma omp section
      c += work(10000000, r);
    }
  }
  printf("sections %.6f %.6f %.6f\n", a, b, c);
  printf("time=%f\n", omp_get_wtime() - t0);
}
