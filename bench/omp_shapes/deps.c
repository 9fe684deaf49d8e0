/* A wavefront of tasks whose cost grows along a chain of `depend`s
 * (omp_shapes.py). */
#include "work.h"
#define NB 24
int main(void) {
  static double blk[NB];
  double t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp single
  for (int k = 0; k < 6; ++k)
    for (int b = 0; b < NB; ++b) {
      if (b == 0) {
#pragma omp task depend(inout: blk[0])
        blk[0] += work(400000, k);
      } else {
#pragma omp task depend(in: blk[b - 1]) depend(inout: blk[b])
        blk[b] += work(200000 + b * 20000, k) + blk[b - 1] * 1e-3;
      }
    }
  double s = 0;
  for (int b = 0; b < NB; ++b) s += blk[b];
  printf("deps %.6f\n", s);
  printf("time=%f\n", omp_get_wtime() - t0);
}
