// RUN: %omp-check %s
// Multi-dimensional array sections a[r:h][c:w] over a 2-D array as depend items: row strips and tiles are ordered correctly.
#include <stdio.h>
#include <omp.h>

#define N 12
#define T 4 /* tile size */

int main(void) {
  int a[N][N];
  int rowsum[N / T];

#pragma omp parallel
#pragma omp single
  {
    /* producers: one task per row strip a[r:T][0:N] */
    for (int r = 0; r < N; r += T) {
#pragma omp task depend(out: a[r:T][0:N]) shared(a) firstprivate(r)
      for (int i = r; i < r + T; i++)
        for (int j = 0; j < N; j++)
          a[i][j] = i * N + j;
    }
    /* tile updates: each tile depends on its own tile section */
    for (int r = 0; r < N; r += T)
      for (int c = 0; c < N; c += T) {
        /* first touch of the tile must wait for the strip producer */
#pragma omp task depend(in: a[r:T][0:N]) depend(out: a[r:T][c:T]) shared(a) firstprivate(r, c)
        for (int i = r; i < r + T; i++)
          for (int j = c; j < c + T; j++)
            a[i][j] = a[i][j] * 2;
#pragma omp task depend(inout: a[r:T][c:T]) shared(a) firstprivate(r, c)
        for (int i = r; i < r + T; i++)
          for (int j = c; j < c + T; j++)
            a[i][j] = a[i][j] + (r / T) * 1000 + c / T;
      }
    /* strip consumers: need every tile of the strip */
    for (int r = 0; r < N; r += T) {
#pragma omp task depend(in: a[r:T][0:T], a[r:T][T:T], a[r:T][2*T:T]) depend(out: rowsum[r / T]) \
    shared(a, rowsum) firstprivate(r)
      {
        int s = 0;
        for (int i = r; i < r + T; i++)
          for (int j = 0; j < N; j++)
            s += a[i][j];
        rowsum[r / T] = s;
      }
    }
  }

  int ref[N / T] = {0};
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      ref[i / T] += (i * N + j) * 2 + (i / T) * 1000 + j / T;
  for (int k = 0; k < N / T; k++)
    printf("strip %d sum %d ok %d\n", k, rowsum[k], rowsum[k] == ref[k]);
  return 0;
}
