// RUN: %omp-check %s
// Wavefront over blocks (each depends on its upper and left neighbours) and a 1-D stencil over time steps (each block depends on three neighbours of the previous step).
#include <stdio.h>
#include <omp.h>

#define NB 6 /* blocks per dimension */
#define B 5
#define N (NB * B)
#define M 1000003

static int g[N + 1][N + 1], ref[N + 1][N + 1];

static void block(int (*a)[N + 1], int bi, int bj) {
  for (int i = bi * B + 1; i <= (bi + 1) * B; i++)
    for (int j = bj * B + 1; j <= (bj + 1) * B; j++)
      a[i][j] = (a[i - 1][j] + 2 * a[i][j - 1] + 3 * a[i - 1][j - 1] + i) % M;
}

#define SN 48
#define SB 8
#define STEPS 20

int main(void) {
  for (int i = 0; i <= N; i++)
    g[i][0] = g[0][i] = ref[i][0] = ref[0][i] = i + 1;
  char tok[NB][NB]; /* one dependence token per block */

  static int buf[2][SN];
  for (int i = 0; i < SN; i++)
    buf[0][i] = (i * 37) % 101;
  int sref[SN];
  for (int i = 0; i < SN; i++)
    sref[i] = buf[0][i];

#pragma omp parallel
#pragma omp single
  {
    for (int bi = 0; bi < NB; bi++)
      for (int bj = 0; bj < NB; bj++) {
        int up = bi > 0 ? bi - 1 : bi, left = bj > 0 ? bj - 1 : bj;
#pragma omp task depend(in: tok[up][bj], tok[bi][left]) depend(inout: tok[bi][bj]) firstprivate(bi, bj)
        block(g, bi, bj);
      }
    /* stencil: step t reads buf[t%2], writes buf[(t+1)%2], block-wise */
    for (int t = 0; t < STEPS; t++) {
      int *src = buf[t % 2], *dst = buf[(t + 1) % 2];
      for (int b = 0; b < SN; b += SB) {
        int l = b > 0 ? b - SB : b, r = b + SB < SN ? b + SB : b;
#pragma omp task depend(in: src[l:SB], src[b:SB], src[r:SB]) depend(out: dst[b:SB]) firstprivate(src, dst, b)
        for (int i = b; i < b + SB; i++)
          dst[i] = (src[i > 0 ? i - 1 : i] + src[i] + src[i + 1 < SN ? i + 1 : i]) % 1009;
      }
    }
  }

  for (int bi = 0; bi < NB; bi++)
    for (int bj = 0; bj < NB; bj++)
      block(ref, bi, bj);
  int tmp[SN];
  for (int t = 0; t < STEPS; t++) {
    for (int i = 0; i < SN; i++)
      tmp[i] = (sref[i > 0 ? i - 1 : i] + sref[i] + sref[i + 1 < SN ? i + 1 : i]) % 1009;
    for (int i = 0; i < SN; i++)
      sref[i] = tmp[i];
  }
  int ok1 = 1, ok2 = 1;
  for (int i = 0; i <= N; i++)
    for (int j = 0; j <= N; j++)
      ok1 &= g[i][j] == ref[i][j];
  for (int i = 0; i < SN; i++)
    ok2 &= buf[STEPS % 2][i] == sref[i];
  printf("wavefront corner %d ok %d\n", g[N][N], ok1);
  printf("stencil %d %d %d ok %d\n", buf[STEPS % 2][0], buf[STEPS % 2][SN / 2], buf[STEPS % 2][SN - 1], ok2);
  return 0;
}
