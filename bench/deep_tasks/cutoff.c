/* N-queens search with the usual cut-off of task-parallel searches: a
 * placement is searched in a task of its own above depth CUTOFF, and in an
 * undeferred task (`if(0)`: run at once by the creating thread) below it.
 *
 *   cutoff [N [CUTOFF]]   N (default 13, 1 to 16), CUTOFF (default 3)
 *
 * Almost every task is undeferred, so the run measures what an undeferred
 * task costs a runtime. Prints "cutoff: n=.. solutions=.. ok time=<seconds>"
 * (checked against the known counts for N <= 14) and exits 0, or "FAILED"
 * and exits 1.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXN 16

/* Solutions of the N-queens problem, N = 0..14 (OEIS A000170). */
static const long long known[] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596};

static int safe(const char *board, int row, int col) {
  for (int i = 0; i < row; ++i) {
    int c = board[i];
    if (c == col || c - col == row - i || col - c == row - i) return 0;
  }
  return 1;
}

static long long search(int n, int row, const char *board, int cutoff) {
  if (row == n) return 1;
  long long count[MAXN];
  for (int col = 0; col < n; ++col) {
    count[col] = 0;
    if (!safe(board, row, col)) continue;
    char next[MAXN];
    for (int i = 0; i < row; ++i) next[i] = board[i];
    next[row] = (char)col;
#pragma omp task firstprivate(next, col) shared(count) if(row < cutoff)
    count[col] = search(n, row + 1, next, cutoff);
  }
#pragma omp taskwait
  long long total = 0;
  for (int col = 0; col < n; ++col) total += count[col];
  return total;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 13;
  int cutoff = argc > 2 ? atoi(argv[2]) : 3;
  if (n < 1 || n > MAXN) {
    fprintf(stderr, "usage: cutoff [N [CUTOFF]] with 1 <= N <= %d\n", MAXN);
    return 2;
  }
  long long solutions = 0;
  char board[MAXN] = {0};
  double start = omp_get_wtime();
#pragma omp parallel
#pragma omp single
  solutions = search(n, 0, board, cutoff);
  double seconds = omp_get_wtime() - start;
  int checked = n < (int)(sizeof known / sizeof known[0]);
  int bad = checked && solutions != known[n];
  printf("cutoff: n=%d solutions=%lld %s time=%.6f\n", n, solutions, !checked ? "unchecked" : bad ? "FAILED" : "ok",
         seconds);
  return bad;
}
