// RUN: %omp-check %s
// N-queens solution count: one task per placement in the top rows, each with a firstprivate copy of the board, results summed atomically.
#include <stdio.h>
#include <string.h>
#include <omp.h>

#define MAXN 12

static long solutions;

static int safe(const int *cols, int row, int c) {
  for (int r = 0; r < row; r++) {
    int d = cols[r] - c;
    if (d == 0 || d == row - r || d == r - row)
      return 0;
  }
  return 1;
}

static long count_seq(int *cols, int row, int n) {
  if (row == n)
    return 1;
  long s = 0;
  for (int c = 0; c < n; c++)
    if (safe(cols, row, c)) {
      cols[row] = c;
      s += count_seq(cols, row + 1, n);
    }
  return s;
}

static void solve(int *cols_in, int row, int n) {
  if (row == 3 || row == n) { /* below three rows: sequential */
    long s = count_seq(cols_in, row, n);
#pragma omp atomic
    solutions += s;
    return;
  }
  for (int c = 0; c < n; c++) {
    if (!safe(cols_in, row, c))
      continue;
    int cols[MAXN];
    memcpy(cols, cols_in, sizeof cols);
    cols[row] = c;
#pragma omp task firstprivate(cols, row, n) /* the board is copied */
    solve(cols, row + 1, n);
  }
  /* no taskwait: the taskgroup in main waits for all descendants */
}

int main(void) {
  for (int n = 4; n <= 9; n++) {
    int cols[MAXN] = {0};
    solutions = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskgroup
      solve(cols, 0, n);
      printf("queens(%d) = %ld\n", n, solutions);
    }
  }
  return 0;
}
