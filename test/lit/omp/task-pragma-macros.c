// RUN: %omp-check %s
// Task constructs written through macros expanding to _Pragma("omp task ..."), and macros used inside depend items such as depend(inout: A(i,j)).
#include <stdio.h>
#include <omp.h>

#define N 8
#define A(i, j) a[(i) * N + (j)]
#define ROW(i) a[(i) * N:N]

#define STR(x) #x
#define OMP(directive) _Pragma(STR(omp directive))
#define TASK_INOUT(x) _Pragma(STR(omp task depend(inout: x) shared(a)))
#define SPAWN(stmt) OMP(task default(shared)) stmt

static int a[N * N], r[N][N];

int main(void) {
  int rowsum[N];

  OMP(parallel)
  OMP(single)
  {
    for (int i = 0; i < N; i++) {
      /* producer of a whole row, section given through a macro */
      OMP(task depend(out: ROW(i)) firstprivate(i))
      for (int j = 0; j < N; j++)
        A(i, j) = i + j;
    }
    for (int i = 1; i < N; i++) {
      /* row i after row i-1: a chain of whole-row sections */
      OMP(task depend(in: ROW(i - 1)) depend(inout: ROW(i)) firstprivate(i))
      for (int j = 0; j < N; j++)
        A(i, j) += A(i - 1, j) * 2;
    }
    OMP(taskwait)
    for (int i = 0; i < N; i++)
      for (int j = 1; j < N; j++) {
        /* element dependences written with the A(i,j) macro */
#pragma omp task depend(in: A(i, j - 1)) depend(inout: A(i, j)) firstprivate(i, j)
        A(i, j) += A(i, j - 1) % 10;
      }
    for (int j = 0; j < N; j++) {
      TASK_INOUT(A(0, j))
      A(0, j) = -A(0, j);
    }
    OMP(taskwait)
    for (int i = 0; i < N; i++) {
      OMP(task depend(in: ROW(i)) depend(out: rowsum[i]) shared(rowsum) firstprivate(i))
      {
        int s = 0;
        for (int j = 0; j < N; j++)
          s += A(i, j);
        rowsum[i] = s;
      }
    }
    int extra = 0;
    SPAWN({
      OMP(atomic)
      extra += 5;
    })
    OMP(taskwait)
    printf("extra %d\n", extra);
  }

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      r[i][j] = i + j + (i > 0 ? r[i - 1][j] * 2 : 0);
  for (int i = 0; i < N; i++)
    for (int j = 1; j < N; j++)
      r[i][j] += r[i][j - 1] % 10;
  int ok = 1;
  for (int j = 0; j < N; j++)
    r[0][j] = -r[0][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      ok &= A(i, j) == r[i][j];
  printf("rowsum");
  for (int i = 0; i < N; i++)
    printf(" %d", rowsum[i]);
  printf("\nok %d\n", ok);
  return 0;
}
