/* N-queens search with one OpenMP task per placement, at every level.
 *
 * Row by row, every column where a queen fits is tried in a task of its own
 * that gets a copy of the board so far (firstprivate) and searches the rows
 * below; the task's solution count goes to its slot of the parent's array
 * (shared), and the parent adds them up after a taskwait. There is no
 * cut-off: the tasks are as small as the search's steps (one safety test of
 * at most N columns), so the run measures a runtime's cost per task.
 *
 *   nqueens [N]    N (default 11, 1 to 16)
 *
 * Prints "nqueens: n=.. solutions=.. ok" (checked against the known counts
 * for N <= 12; "unchecked" above) and exits 0, or "FAILED" and exits 1.
 */
#include <stdio.h>
#include <stdlib.h>

#define MAXN 16

/* Solutions of the N-queens problem, N = 0..12 (OEIS A000170). */
static const long long known[] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200};

/* Can a queen go at (row, col) given queens at (i, board[i]) for i < row? */
static int safe(const char *board, int row, int col) {
  for (int i = 0; i < row; ++i) {
    int c = board[i];
    if (c == col || c - col == row - i || col - c == row - i) return 0;
  }
  return 1;
}

static long long search(int n, int row, const char *board) {
  if (row == n) return 1;
  long long count[MAXN];
  for (int col = 0; col < n; ++col) {
    count[col] = 0;
    if (!safe(board, row, col)) continue;
    char next[MAXN];
    for (int i = 0; i < row; ++i) next[i] = board[i];
    next[row] = (char)col;
#pragma omp task firstprivate(next, col) shared(count)
    count[col] = search(n, row + 1, next);
  }
#pragma omp taskwait
  long long total = 0;
  for (int col = 0; col < n; ++col) total += count[col];
  return total;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 11;
  if (n < 1 || n > MAXN) {
    fprintf(stderr, "usage: nqueens [N] with 1 <= N <= %d\n", MAXN);
    return 2;
  }
  long long solutions = 0;
  char board[MAXN] = {0};
#pragma omp parallel
#pragma omp single
  solutions = search(n, 0, board);

  int checked = n < (int)(sizeof known / sizeof known[0]);
  int status = checked && solutions != known[n];
  printf("nqueens: n=%d solutions=%lld %s\n", n, solutions, !checked ? "unchecked" : status ? "FAILED" : "ok");
  if (status) fprintf(stderr, "nqueens: expected %lld\n", known[n]);
  return status;
}
