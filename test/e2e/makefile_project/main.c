#include <stdio.h>
#include <stdlib.h>
#include "vec.h"

int main(void) {
  long n = 200000;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  vec_fill(x, n, 1.0);
  vec_fill(y, n, 2.0);
  double dot = vec_dot(x, y, n);
  double norm = vec_norm_tasks(x, n, 4096);
  printf("c: dot=%.6e norm=%.6e calls=%ld\n", dot, norm, stats_calls());
  free(x);
  free(y);
  return 0;
}
