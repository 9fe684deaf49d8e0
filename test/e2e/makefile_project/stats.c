#include <math.h>
#include "vec.h"

static long calls; /* a file static of the library */

long stats_calls(void) { return calls; }

/* Sum of squares by blocks, a task per block, then the root. */
double vec_norm_tasks(const double *x, long n, long block) {
  ++calls;
  long nblocks = (n + block - 1) / block;
  double partial[64] = {0};
  if (nblocks > 64) return -1;
#pragma omp parallel
#pragma omp single
  for (long b = 0; b < nblocks; b++) {
#pragma omp task firstprivate(b) shared(partial)
    {
      long end = (b + 1) * block < n ? (b + 1) * block : n;
      for (long i = b * block; i < end; i++) partial[b] += x[i] * x[i];
    }
  }
  double s = 0;
  for (long b = 0; b < nblocks; b++) s += partial[b];
  return sqrt(s);
}
