/* The programs' unit of work: n square roots, about 3 ns each on the 2-core VM. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
static double work(long n, double x) {
  double s = 0;
  for (long i = 0; i < n; ++i) s += sqrt(x + i) * 1e-9;
  return s;
}
