// RUN: %omp-check %s
// taskloop reduction(+:s) and reduction(max:m), with and without collapse(2), give the exact totals.
#include <stdio.h>
#include <omp.h>

#define R 30
#define C 40

int main(void) {
  static int grid[R][C];
  long s1 = 0, s2 = 5, s3 = 0;
  int mx = -1;

#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop collapse(2) shared(grid) grainsize(25)
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++)
        grid[i][j] = (i * 37 + j * 11) % 101;

#pragma omp taskloop reduction(+: s1)
    for (int i = 0; i < 1000; i++)
      s1 += i;

    /* collapse(2) reduction; the initial value 5 is kept */
#pragma omp taskloop collapse(2) reduction(+: s2) num_tasks(6)
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++)
        s2 += grid[i][j];

    /* two reductions at once */
#pragma omp taskloop collapse(2) reduction(max: mx) reduction(+: s3) grainsize(100)
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++) {
        int v = grid[i][j] * (i + 1);
        if (v > mx)
          mx = v;
        s3 += v % 7;
      }
  }

  long r2 = 5, r3 = 0;
  int rm = -1;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      r2 += grid[i][j];
      int v = grid[i][j] * (i + 1);
      rm = v > rm ? v : rm;
      r3 += v % 7;
    }
  printf("s1 %ld s2 %ld s3 %ld max %d\n", s1, s2, s3, mx);
  printf("ok %d\n", s1 == 499500 && s2 == r2 && s3 == r3 && mx == rm);
  return 0;
}
