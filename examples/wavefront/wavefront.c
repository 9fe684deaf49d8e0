/* Blocked 2-D wavefront: Smith-Waterman local alignment scores of two
 * generated DNA sequences, in plain OpenMP tasks with dependences.
 *
 * H[i][j] = max(0, H[i-1][j-1] + s(a_i, b_j), H[i-1][j] - G, H[i][j-1] - G)
 * with s = +2 on a match, -1 on a mismatch, gap penalty G = 1, and row and
 * column 0 equal to 0. The (N+1) x (M+1) integer matrix is cut into B x B
 * blocks, one task each, ordered by
 *   depend(in: north block, west block) depend(inout: this block)
 * on a token array with a border row and column (the border tokens are never
 * written, so blocks on the first block row/column depend on nothing there);
 * the north-west block is ordered transitively.
 *
 * Self-check: the same recurrence computed sequentially, row by row, must
 * give an identical matrix. The output (best score, its position, and a
 * checksum over all of H) is integer-only and does not depend on the number
 * of threads.
 *
 *   wavefront-omp [N] [M] [B]    sequence lengths (default 2000, 1800), block size (default 100)
 *
 * Prints "wavefront: N=.. M=.. B=.. best=.. at (i,j) checksum=.. ok" and
 * exits 0, or "FAILED" and exits 1. Built with `hccsim -fsimulate`
 * (__HCCSIM_SIMULATE__), the task bodies are not all run, so there is nothing
 * to check: it prints "wavefront: N=.. M=.. B=.. simulated" and exits 0.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MATCH = 2, MISMATCH = -1, GAP = 1 };

static void gen_sequence(char *s, int len, uint32_t seed) {
  static const char bases[4] = {'A', 'C', 'G', 'T'};
  uint32_t x = seed;
  for (int i = 0; i < len; ++i) {
    x = x * 1664525u + 1013904223u;
    s[i] = bases[x >> 30];
  }
}

static inline int max2(int a, int b) { return a > b ? a : b; }

/* Rows i0..i1-1, columns j0..j1-1 of H (row stride ld); a, b are 1-based. */
static void sw_block(int *H, int ld, const char *a, const char *b, int i0, int i1, int j0, int j1) {
  for (int i = i0; i < i1; ++i)
    for (int j = j0; j < j1; ++j) {
      int diag = H[(size_t)(i - 1) * ld + (j - 1)] + (a[i - 1] == b[j - 1] ? MATCH : MISMATCH);
      int up = H[(size_t)(i - 1) * ld + j] - GAP;
      int left = H[(size_t)i * ld + (j - 1)] - GAP;
      H[(size_t)i * ld + j] = max2(0, max2(diag, max2(up, left)));
    }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2000;
  int m = argc > 2 ? atoi(argv[2]) : 1800;
  int bsz = argc > 3 ? atoi(argv[3]) : 100;
  if (n <= 0 || m <= 0 || bsz <= 0) {
    fprintf(stderr, "usage: wavefront-omp [N] [M] [B] with N, M, B positive\n");
    return 2;
  }
  char *a = malloc(n), *b = malloc(m);
  gen_sequence(a, n, 12345u);
  gen_sequence(b, m, 67890u);

  const int ld = m + 1;
  const size_t cells = (size_t)(n + 1) * ld;
  int *H = calloc(cells, sizeof *H);   /* task version */
  int *R = calloc(cells, sizeof *R);   /* sequential reference */
  const int nbi = (n + bsz - 1) / bsz; /* block rows */
  const int nbj = (m + bsz - 1) / bsz; /* block columns */
  /* tok[(bi + 1) * (nbj + 1) + (bj + 1)] stands for block (bi, bj); row 0 and
   * column 0 are the border. */
  char *tok = calloc((size_t)(nbi + 1) * (nbj + 1), 1);

#pragma omp parallel
#pragma omp single
  {
    for (int bi = 0; bi < nbi; ++bi)
      for (int bj = 0; bj < nbj; ++bj) {
        const int self = (bi + 1) * (nbj + 1) + (bj + 1);
        const int north = self - (nbj + 1), west = self - 1;
#pragma omp task depend(in: tok[north], tok[west]) depend(inout: tok[self])
        {
          int i1 = (bi + 1) * bsz, j1 = (bj + 1) * bsz;
          sw_block(H, ld, a, b, 1 + bi * bsz, (i1 < n ? i1 : n) + 1, 1 + bj * bsz, (j1 < m ? j1 : m) + 1);
          tok[self] = 1;
        }
      }
  } /* implicit barrier: every task has completed */

#ifdef __HCCSIM_SIMULATE__
  /* The blocks were not all computed: nothing to check. */
  printf("wavefront: N=%d M=%d B=%d simulated\n", n, m, bsz);
  int status = 0;
#else
  sw_block(R, ld, a, b, 1, n + 1, 1, m + 1);

  int status = memcmp(H, R, cells * sizeof *H) != 0;
  int best = -1, bi_best = 0, bj_best = 0;
  uint64_t checksum = 1469598103934665603ull; /* FNV-1a over the scores */
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= m; ++j) {
      int h = H[(size_t)i * ld + j];
      if (h > best) {
        best = h;
        bi_best = i;
        bj_best = j;
      }
      checksum = (checksum ^ (uint32_t)h) * 1099511628211ull;
    }
  printf("wavefront: N=%d M=%d B=%d best=%d at (%d,%d) checksum=%016llx %s\n", n, m, bsz, best, bi_best, bj_best,
         (unsigned long long)checksum, status ? "FAILED" : "ok");
#endif
  free(tok);
  free(R);
  free(H);
  free(a);
  free(b);
  return status;
}
