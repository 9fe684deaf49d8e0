#include "vec.h"

void vec_fill(double *x, long n, double scale) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) x[i] = scale * (double)(i % 97) / 97.0;
}

double vec_dot(const double *x, const double *y, long n) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (long i = 0; i < n; i++) s += x[i] * y[i];
  return s;
}
