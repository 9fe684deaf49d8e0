// RUN: %omp-check %s
// A doacross wavefront: each cell of a 2-D grid needs its north and west
// neighbours, expressed with `ordered depend(sink/source)` on a collapsed
// nest, then a 1-D recurrence
// and a descending loop whose first sink lies outside the iteration space.
#include <omp.h>
#include <stdio.h>

#define N 60
#define M 70

static long g[N][M];
static long r[1000];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      g[i][j] = (i == 0 || j == 0) ? 1 : 0;
#pragma omp parallel for ordered(2) schedule(static, 1)
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M; j++) {
#pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
      g[i][j] = (g[i - 1][j] + g[i][j - 1]) % 1000003;
#pragma omp ordered depend(source)
    }
  r[0] = 1;
#pragma omp parallel for ordered(1)
  for (int i = 1; i < 1000; i++) {
#pragma omp ordered depend(sink : i - 1)
    r[i] = (r[i - 1] * 3 + i) % 1000003;
#pragma omp ordered depend(source)
  }
  long descending = 0;
#pragma omp parallel for ordered(1) reduction(+ : descending)
  for (int i = 99; i >= 0; i -= 3) {
#pragma omp ordered depend(sink : i + 3)
    descending += i;
#pragma omp ordered depend(source)
  }
  printf("corner: %ld\n", g[N - 1][M - 1]);
  printf("recurrence: %ld\n", r[999]);
  printf("descending: %ld\n", descending);
  return 0;
}
