/* Worksharing loops as kernels (loop_models.sh): a static loop whose
 * iterations each burn the same CPU time, and a dynamic one whose
 * iterations burn more and more. Prints how many iterations ran, and each
 * loop's time on the run's clock. With -DMODEL_UNIFORM the first loop is
 * marked '#pragma hcc model'. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "../sampling/spin.h"

int main(int argc, char** argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 64;
  const int steps = argc > 2 ? atoi(argv[2]) : 4;
  const double unit = 50e-6;
  long ran = 0;
  double uniform = 0, growing = 0;
  for (int s = 0; s < steps; ++s) {
    double t = omp_get_wtime();
#ifdef MODEL_UNIFORM
#pragma hcc model
#endif
#pragma omp parallel for reduction(+ : ran)
    for (int i = 0; i < n; ++i) {
      spin(unit);
      ++ran;
    }
    uniform += omp_get_wtime() - t;
    t = omp_get_wtime();
#pragma omp parallel for schedule(dynamic, 4) reduction(+ : ran)
    for (int i = 0; i < n; ++i) {
      spin(unit * (1 + i % 4));
      ++ran;
    }
    growing += omp_get_wtime() - t;
  }
  printf("iterations=%ld uniform=%.6f growing=%.6f\n", ran, uniform, growing);
  return 0;
}
