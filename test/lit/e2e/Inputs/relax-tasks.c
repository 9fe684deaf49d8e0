/* One Jacobi step of a 1-D grid from a into b, a task per block of 50
 * points; returns the step's total change, which the caller tests
 * (e2e/tasks-other-file.c). A file without main. */
#include <math.h>

double relax(const double *a, double *b, const double *f, int n) {
  double total = 0;
#pragma omp parallel
#pragma omp single
  for (int s = 1; s < n - 1; s += 50) {
#pragma omp task firstprivate(s) shared(total)
    {
      double w = 0;
      for (int i = s; i < s + 50 && i < n - 1; i++) {
        b[i] = 0.5 * (a[i - 1] + a[i + 1]) + f[i];
        w += fabs(b[i] - a[i]);
      }
#pragma omp atomic
      total += w;
    }
  }
  return total;
}
