// RUN: %omp-check %s
// Tasks on a matrix reached through a pointer to a VLA, double (*m)[n], with row and tile sections of it as depend items.
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

static double run(int n, int bs) {
  double (*m)[n] = malloc(sizeof(double[n][n]));
  double total = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < n; i++) {
#pragma omp task depend(out: m[i][0:n]) firstprivate(m, i, n)
      for (int j = 0; j < n; j++)
        m[i][j] = i + j;
    }
    /* column sweep inside each row, rows in order: row i needs row i-1 */
    for (int i = 1; i < n; i++) {
#pragma omp task depend(in: m[i - 1][0:n]) depend(inout: m[i][0:n]) firstprivate(m, i, n)
      for (int j = 0; j < n; j++)
        m[i][j] += m[i - 1][j] / 2.0; /* halves of integers: exact */
    }
    /* tile scaling on m[bi:bs][bj:bs]; it waits for the sweep of row
       'after', the first row past the strip, whose task also read the
       strip's last row (the row tasks form a chain) */
    for (int bi = 0; bi < n; bi += bs)
      for (int bj = 0; bj < n; bj += bs) {
        int after = bi + bs < n ? bi + bs : n - 1;
#pragma omp task depend(in: m[after][0:n]) depend(inout: m[bi:bs][bj:bs]) \
    firstprivate(m, bi, bj, bs, n)
        for (int i = bi; i < bi + bs; i++)
          for (int j = bj; j < bj + bs; j++)
            m[i][j] *= 4;
      }
#pragma omp taskwait
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        total += m[i][j];
  }
  printf("n %d corner %.4f %.4f\n", n, m[0][n - 1], m[n - 1][n - 1]);
  free(m);
  return total;
}

int main(void) {
  for (int n = 4; n <= 8; n += 4) {
    double t = run(n, 2);
    printf("n %d total %.4f\n", n, t);
  }
  return 0;
}
