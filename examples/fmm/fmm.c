/* An FMM-like computation (potentials of N positive charges, kernel 1/r)
 * over a grouped octree, in plain OpenMP tasks.
 *
 * Particles: N points from a seeded generator, either uniform in the unit
 * cube ("cube") or on the surface of an ellipsoid inside it ("ellipsoid",
 * semi-axes 0.49, 0.30, 0.12: most cells of the octree are empty and the
 * tree is pruned). The octree has levels 0 (the root) to H (the leaves,
 * "height"); only non-empty cells exist, ordered by their Morton index. As
 * in seed paper 001 (§3.3-3.4), the cells of each level are grouped: group g
 * holds the consecutive cells g*G .. g*G+G-1 (in Morton order) of its level.
 *
 * Expansions are Cartesian Taylor expansions of total order 2 (monopole,
 * dipole, quadrupole; local potential, gradient and Hessian). Tasks work on
 * whole groups:
 *   p2m  (leaf group)          particles -> multipoles
 *   m2m  (child group, level)  multipoles of the group's cells -> parents
 *   m2l  (target group, level) every cell of the group with every cell of
 *                              its interaction list (children of the parent's
 *                              neighbours that are not adjacent to it)
 *   l2l  (child group, level)  parents' local expansions -> the group's cells
 *   p2p  (leaf group)          direct sum with the adjacent leaves
 *   l2p  (leaf group)          local expansions -> potentials
 * Dependences are on one byte per group and level (tokens); a task whose
 * cells' parents lie in two groups names both, or a private token when they
 * lie in one, so no task names the same item twice. A taskwait separates the
 * upward pass from the M2L pass (an M2L task reads multipoles of many
 * groups). Every accumulation is ordered by inout dependences in submission
 * order, so the results do not depend on the number of threads.
 *
 * Each M2L task carries the direct parameters of seed 001 §3.4 (the level,
 * the number of cells in the group, the size of its Morton interval) and the
 * indirect one, its number of interactions, counted at submission:
 *   #pragma hcc params(level = l, cells = .., interval = .., nint = count_interactions(g, l))
 * Its cost is proportional to that count; the direct parameters predict it
 * only loosely, notably on the ellipsoid (bench/m2l_models.py).
 *
 * Self-check: the potentials of 64 particles (evenly spaced in Morton order)
 * against direct summation over all particles; the largest relative error
 * must be below 1e-2 (order-2 expansions, one cell of separation: about 1e-4
 * in practice).
 *
 *   fmm-omp [cube|ellipsoid] [N=100000] [H=5] [G=32]
 *
 * Prints "fmm: dist=.. N=.. H=.. G=.. cells=.. groups=.. interactions=..
 * maxrelerr=... ok" and exits 0, or "FAILED" and exits 1. Built with
 * `hccsim -fsimulate` (__HCCSIM_SIMULATE__) the kernels are not all run: it
 * prints "fmm: dist=.. N=.. H=.. G=.. simulated" and exits 0. With
 * EXAMPLE_TIME=1 it prints the wall time of the task part (from the first
 * task submitted to the end of the parallel region) on stderr:
 * "fmm: compute seconds=...".
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXL 10 /* deepest leaf level (30-bit Morton keys) */
#define NEXP 10 /* coefficients of an expansion: 1 + 3 + 6 */

typedef struct {
  double x, y, z, q;
} particle;

/* The tree, shared by every task. */
static int H, G, N;
static particle *P;    /* sorted by leaf Morton key */
static double *pot;    /* potential of each particle */
static int nc[MAXL + 1], ng[MAXL + 1];
static uint64_t *key[MAXL + 1];          /* Morton key of each cell */
static int *pbeg[MAXL + 1], *pend[MAXL + 1]; /* particle range of each cell */
static int *child0[MAXL + 1], *nchild[MAXL + 1], *parent[MAXL + 1];
static double *mult[MAXL + 1], *loc[MAXL + 1]; /* NEXP per cell */
static int *ioff[MAXL + 1], *ilist[MAXL + 1];  /* interaction lists (CSR) */
static int *noff, *nlist;                      /* adjacent leaves (CSR) */
static char *mtok[MAXL + 1], *ltok[MAXL + 1], *mdum[MAXL + 1], *ldum[MAXL + 1], *ptok;

static uint64_t rng_state;
static double uniform(void) { /* splitmix64 */
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  z ^= z >> 31;
  return (double)(z >> 11) * (1.0 / 9007199254740992.0);
}

static uint64_t spread(uint64_t v) { /* 10 bits -> every third bit */
  uint64_t r = 0;
  for (int b = 0; b < 10; ++b) r |= ((v >> b) & 1u) << (3 * b);
  return r;
}
static uint64_t encode(int x, int y, int z) { return spread(x) | spread(y) << 1 | spread(z) << 2; }
static void decode(uint64_t k, int *x, int *y, int *z) {
  *x = *y = *z = 0;
  for (int b = 0; b < 10; ++b) {
    *x |= (int)((k >> (3 * b)) & 1u) << b;
    *y |= (int)((k >> (3 * b + 1)) & 1u) << b;
    *z |= (int)((k >> (3 * b + 2)) & 1u) << b;
  }
}
static int *coord[MAXL + 1]; /* x, y, z of each cell, in cells of its level */
static void center(int l, int c, double ctr[3]) {
  const int *x = &coord[l][3 * c];
  double s = 1.0 / (double)(1 << l);
  ctr[0] = (x[0] + 0.5) * s, ctr[1] = (x[1] + 0.5) * s, ctr[2] = (x[2] + 0.5) * s;
}
static int find(int l, uint64_t k) { /* cell index of key k at level l, or -1 */
  int lo = 0, hi = nc[l] - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (key[l][mid] == k) return mid;
    if (key[l][mid] < k) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

static int first_cell(int g) { return g * G; }
static int last_cell(int l, int g) { return (g + 1) * G < nc[l] ? (g + 1) * G - 1 : nc[l] - 1; }

/* ---- the indirect parameters, evaluated at submission ---- */
static int count_interactions(int g, int l) {
  return ioff[l][last_cell(l, g) + 1] - ioff[l][first_cell(g)];
}
static double count_pairs(int g) {
  double s = 0;
  for (int c = first_cell(g); c <= last_cell(H, g); ++c)
    for (int j = noff[c]; j < noff[c + 1]; ++j)
      s += (double)(pend[H][c] - pbeg[H][c]) * (pend[H][nlist[j]] - pbeg[H][nlist[j]]);
  return s;
}
/* particles of the group's leaves times the number of their adjacent leaves:
 * the iterations of p2p's loop over neighbours (its cost besides the pairs) */
static double count_visits(int g) {
  double s = 0;
  for (int c = first_cell(g); c <= last_cell(H, g); ++c) s += (double)(pend[H][c] - pbeg[H][c]) * (noff[c + 1] - noff[c]);
  return s;
}
static int group_cells(int l, int g) { return last_cell(l, g) - first_cell(g) + 1; }
static double morton_interval(int g, int l) { return (double)(key[l][last_cell(l, g)] - key[l][first_cell(g)] + 1); }
static int group_particles(int g) { return pend[H][last_cell(H, g)] - pbeg[H][first_cell(g)]; }

/* ---- kernels ---- */
static void p2m(int g) {
  for (int c = first_cell(g); c <= last_cell(H, g); ++c) {
    double ctr[3], *m = &mult[H][(size_t)c * NEXP];
    center(H, c, ctr);
    memset(m, 0, NEXP * sizeof *m);
    for (int i = pbeg[H][c]; i < pend[H][c]; ++i) {
      double q = P[i].q, dx = P[i].x - ctr[0], dy = P[i].y - ctr[1], dz = P[i].z - ctr[2];
      m[0] += q;
      m[1] += q * dx, m[2] += q * dy, m[3] += q * dz;
      m[4] += 0.5 * q * dx * dx, m[5] += 0.5 * q * dy * dy, m[6] += 0.5 * q * dz * dz;
      m[7] += 0.5 * q * dx * dy, m[8] += 0.5 * q * dx * dz, m[9] += 0.5 * q * dy * dz;
    }
  }
}

/* Multipoles of the cells of group g at level l into their parents (level l-1). */
static void m2m(int l, int g) {
  for (int c = first_cell(g); c <= last_cell(l, g); ++c) {
    int p = parent[l][c];
    double a[3], b[3], t[3];
    center(l, c, a);
    center(l - 1, p, b);
    for (int k = 0; k < 3; ++k) t[k] = a[k] - b[k];
    const double *m = &mult[l][(size_t)c * NEXP];
    double *o = &mult[l - 1][(size_t)p * NEXP];
    o[0] += m[0];
    o[1] += m[1] + t[0] * m[0], o[2] += m[2] + t[1] * m[0], o[3] += m[3] + t[2] * m[0];
    o[4] += m[4] + t[0] * m[1] + 0.5 * t[0] * t[0] * m[0];
    o[5] += m[5] + t[1] * m[2] + 0.5 * t[1] * t[1] * m[0];
    o[6] += m[6] + t[2] * m[3] + 0.5 * t[2] * t[2] * m[0];
    o[7] += m[7] + 0.5 * (t[0] * m[2] + t[1] * m[1]) + 0.5 * t[0] * t[1] * m[0];
    o[8] += m[8] + 0.5 * (t[0] * m[3] + t[2] * m[1]) + 0.5 * t[0] * t[2] * m[0];
    o[9] += m[9] + 0.5 * (t[1] * m[3] + t[2] * m[2]) + 0.5 * t[1] * t[2] * m[0];
  }
}

/* Local expansions of the cells of group g at level l from their interaction lists. */
static void m2l(int l, int g) {
  for (int c = first_cell(g); c <= last_cell(l, g); ++c) {
    double ct[3], *o = &loc[l][(size_t)c * NEXP];
    center(l, c, ct);
    for (int j = ioff[l][c]; j < ioff[l][c + 1]; ++j) {
      int s = ilist[l][j];
      double cs[3];
      center(l, s, cs);
      const double *m = &mult[l][(size_t)s * NEXP];
      double rx = ct[0] - cs[0], ry = ct[1] - cs[1], rz = ct[2] - cs[2];
      double r2 = rx * rx + ry * ry + rz * rz, ir = 1.0 / sqrt(r2), ir2 = ir * ir;
      double f = ir, ir3 = ir * ir2, ir5 = 3.0 * ir3 * ir2;
      double fx = -rx * ir3, fy = -ry * ir3, fz = -rz * ir3;
      double fxx = ir5 * rx * rx - ir3, fyy = ir5 * ry * ry - ir3, fzz = ir5 * rz * rz - ir3;
      double fxy = ir5 * rx * ry, fxz = ir5 * rx * rz, fyz = ir5 * ry * rz;
      o[0] += m[0] * f - (m[1] * fx + m[2] * fy + m[3] * fz) + m[4] * fxx + m[5] * fyy + m[6] * fzz +
              2.0 * (m[7] * fxy + m[8] * fxz + m[9] * fyz);
      o[1] += m[0] * fx - (fxx * m[1] + fxy * m[2] + fxz * m[3]);
      o[2] += m[0] * fy - (fxy * m[1] + fyy * m[2] + fyz * m[3]);
      o[3] += m[0] * fz - (fxz * m[1] + fyz * m[2] + fzz * m[3]);
      o[4] += 0.5 * m[0] * fxx, o[5] += 0.5 * m[0] * fyy, o[6] += 0.5 * m[0] * fzz;
      o[7] += 0.5 * m[0] * fxy, o[8] += 0.5 * m[0] * fxz, o[9] += 0.5 * m[0] * fyz;
    }
  }
}

/* phi(c + e) = L0 + L1.e + e^T L2 e  (L2 symmetric: xx yy zz xy xz yz, off-diagonals counted twice) */
static double eval_local(const double *L, double ex, double ey, double ez) {
  return L[0] + L[1] * ex + L[2] * ey + L[3] * ez + L[4] * ex * ex + L[5] * ey * ey + L[6] * ez * ez +
         2.0 * (L[7] * ex * ey + L[8] * ex * ez + L[9] * ey * ez);
}

/* Local expansions of the parents (level l-1) into the cells of group g at level l. */
static void l2l(int l, int g) {
  for (int c = first_cell(g); c <= last_cell(l, g); ++c) {
    int p = parent[l][c];
    double a[3], b[3];
    center(l, c, a);
    center(l - 1, p, b);
    double tx = a[0] - b[0], ty = a[1] - b[1], tz = a[2] - b[2];
    const double *L = &loc[l - 1][(size_t)p * NEXP];
    double *o = &loc[l][(size_t)c * NEXP];
    o[0] += eval_local(L, tx, ty, tz);
    o[1] += L[1] + 2.0 * (L[4] * tx + L[7] * ty + L[8] * tz);
    o[2] += L[2] + 2.0 * (L[7] * tx + L[5] * ty + L[9] * tz);
    o[3] += L[3] + 2.0 * (L[8] * tx + L[9] * ty + L[6] * tz);
    for (int k = 4; k < NEXP; ++k) o[k] += L[k];
  }
}

static void p2p(int g) {
  for (int c = first_cell(g); c <= last_cell(H, g); ++c)
    for (int i = pbeg[H][c]; i < pend[H][c]; ++i) {
      double s = 0;
      for (int j = noff[c]; j < noff[c + 1]; ++j) {
        int d = nlist[j];
        for (int k = pbeg[H][d]; k < pend[H][d]; ++k) {
          if (k == i) continue;
          double dx = P[i].x - P[k].x, dy = P[i].y - P[k].y, dz = P[i].z - P[k].z;
          s += P[k].q / sqrt(dx * dx + dy * dy + dz * dz);
        }
      }
      pot[i] += s;
    }
}

static void l2p(int g) {
  for (int c = first_cell(g); c <= last_cell(H, g); ++c) {
    double ctr[3];
    center(H, c, ctr);
    const double *L = &loc[H][(size_t)c * NEXP];
    for (int i = pbeg[H][c]; i < pend[H][c]; ++i)
      pot[i] += eval_local(L, P[i].x - ctr[0], P[i].y - ctr[1], P[i].z - ctr[2]);
  }
}

/* ---- set-up (not timed) ---- */

/* Zeroed doubles whose pages are already mapped: calloc's zero pages would
 * be faulted in (transparent huge pages: zeroed, sometimes compacted, which
 * took up to 20 ms) by the first task writing them, inside its measured
 * duration. A volatile zero keeps the compiler from turning the loop back
 * into calloc. */
static volatile double zero = 0.0;
static double *zeroed(size_t n) {
  double *a = malloc(n * sizeof *a);
  for (size_t i = 0; i < n; ++i) a[i] = zero;
  return a;
}
typedef struct {
  uint64_t key;
  int idx;
} keyed;
static int cmp_keyed(const void *a, const void *b) {
  const keyed *x = a, *y = b;
  if (x->key != y->key) return x->key < y->key ? -1 : 1;
  return (x->idx > y->idx) - (x->idx < y->idx);
}

static void generate(int ellipsoid) {
  particle *raw = malloc((size_t)N * sizeof *raw);
  rng_state = ellipsoid ? 0x5eed0002u : 0x5eed0001u;
  for (int i = 0; i < N; ++i) {
    if (!ellipsoid) {
      raw[i].x = uniform(), raw[i].y = uniform(), raw[i].z = uniform();
    } else { /* a direction (rejection in the cube), scaled to the ellipsoid */
      double u, v, w, r2;
      do {
        u = 2 * uniform() - 1, v = 2 * uniform() - 1, w = 2 * uniform() - 1;
        r2 = u * u + v * v + w * w;
      } while (r2 > 1.0 || r2 < 1e-4);
      double ir = 1.0 / sqrt(r2);
      raw[i].x = 0.5 + 0.49 * u * ir, raw[i].y = 0.5 + 0.30 * v * ir, raw[i].z = 0.5 + 0.12 * w * ir;
    }
    raw[i].q = 0.5 + 0.5 * uniform();
  }
  keyed *k = malloc((size_t)N * sizeof *k);
  const int side = 1 << H;
  for (int i = 0; i < N; ++i) {
    int x = (int)(raw[i].x * side), y = (int)(raw[i].y * side), z = (int)(raw[i].z * side);
    x = x < side ? x : side - 1, y = y < side ? y : side - 1, z = z < side ? z : side - 1;
    k[i].key = encode(x, y, z), k[i].idx = i;
  }
  qsort(k, (size_t)N, sizeof *k, cmp_keyed);
  P = malloc((size_t)N * sizeof *P);
  for (int i = 0; i < N; ++i) P[i] = raw[k[i].idx];

  /* leaves */
  int n = 0;
  key[H] = malloc((size_t)N * sizeof *key[H]);
  pbeg[H] = malloc((size_t)N * sizeof(int));
  pend[H] = malloc((size_t)N * sizeof(int));
  for (int i = 0; i < N; ++i)
    if (i == 0 || k[i].key != k[i - 1].key) key[H][n] = k[i].key, pbeg[H][n] = i, pend[H][n > 0 ? n - 1 : 0] = i, ++n;
  pend[H][n - 1] = N;
  nc[H] = n;
  free(k);
  free(raw);
  /* upper levels */
  for (int l = H - 1; l >= 0; --l) {
    int m = 0, cn = nc[l + 1];
    key[l] = malloc((size_t)cn * sizeof *key[l]);
    pbeg[l] = malloc((size_t)cn * sizeof(int));
    pend[l] = malloc((size_t)cn * sizeof(int));
    child0[l] = malloc((size_t)cn * sizeof(int));
    nchild[l] = calloc((size_t)cn, sizeof(int));
    parent[l + 1] = malloc((size_t)cn * sizeof(int));
    for (int c = 0; c < cn; ++c) {
      uint64_t pk = key[l + 1][c] >> 3;
      if (m == 0 || key[l][m - 1] != pk) key[l][m] = pk, pbeg[l][m] = pbeg[l + 1][c], child0[l][m] = c, ++m;
      pend[l][m - 1] = pend[l + 1][c];
      nchild[l][m - 1]++;
      parent[l + 1][c] = m - 1;
    }
    nc[l] = m;
  }
  for (int l = 0; l <= H; ++l) {
    ng[l] = (nc[l] + G - 1) / G;
    mult[l] = zeroed((size_t)nc[l] * NEXP);
    loc[l] = zeroed((size_t)nc[l] * NEXP);
    mtok[l] = calloc((size_t)ng[l], 1), ltok[l] = calloc((size_t)ng[l], 1);
    coord[l] = malloc((size_t)nc[l] * 3 * sizeof(int));
    for (int c = 0; c < nc[l]; ++c) decode(key[l][c], &coord[l][3 * c], &coord[l][3 * c + 1], &coord[l][3 * c + 2]);
    mdum[l] = calloc((size_t)ng[l], 1), ldum[l] = calloc((size_t)ng[l], 1);
  }
  ptok = calloc((size_t)ng[H], 1);
  pot = zeroed((size_t)N);

  /* interaction lists, levels 2..H */
  for (int l = 2; l <= H; ++l) {
    int cap = nc[l] * 189 + 1, cnt = 0, ps = 1 << (l - 1);
    ioff[l] = malloc((size_t)(nc[l] + 1) * sizeof(int));
    ilist[l] = malloc((size_t)cap * sizeof(int));
    for (int c = 0; c < nc[l]; ++c) {
      const int x = coord[l][3 * c], y = coord[l][3 * c + 1], z = coord[l][3 * c + 2];
      ioff[l][c] = cnt;
      for (int dz = -1; dz <= 1; ++dz)
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx) {
            int px = (x >> 1) + dx, py = (y >> 1) + dy, pz = (z >> 1) + dz;
            if (px < 0 || py < 0 || pz < 0 || px >= ps || py >= ps || pz >= ps) continue;
            int pp = find(l - 1, encode(px, py, pz));
            if (pp < 0) continue;
            for (int s = child0[l - 1][pp]; s < child0[l - 1][pp] + nchild[l - 1][pp]; ++s) {
              const int sx = coord[l][3 * s], sy = coord[l][3 * s + 1], sz = coord[l][3 * s + 2];
              if (abs(sx - x) > 1 || abs(sy - y) > 1 || abs(sz - z) > 1) ilist[l][cnt++] = s;
            }
          }
    }
    ioff[l][nc[l]] = cnt;
  }
  /* adjacent leaves (the cell itself included) */
  noff = malloc((size_t)(nc[H] + 1) * sizeof(int));
  nlist = malloc((size_t)nc[H] * 27 * sizeof(int));
  int cnt = 0;
  for (int c = 0; c < nc[H]; ++c) {
    const int x = coord[H][3 * c], y = coord[H][3 * c + 1], z = coord[H][3 * c + 2];
    noff[c] = cnt;
    for (int dz = -1; dz <= 1; ++dz)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          int nx = x + dx, ny = y + dy, nz = z + dz;
          if (nx < 0 || ny < 0 || nz < 0 || nx >= side || ny >= side || nz >= side) continue;
          int d = find(H, encode(nx, ny, nz));
          if (d >= 0) nlist[cnt++] = d;
        }
  }
  noff[nc[H]] = cnt;
}

static double now(void) {
  struct timespec ts;
  timespec_get(&ts, TIME_UTC); /* C11 */
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Largest relative error of 64 potentials against direct summation. */
static double check(void) {
  double worst = 0;
  const int S = N < 64 ? N : 64;
  for (int t = 0; t < S; ++t) {
    int i = (int)((long long)t * N / S);
    double s = 0;
    for (int k = 0; k < N; ++k) {
      if (k == i) continue;
      double dx = P[i].x - P[k].x, dy = P[i].y - P[k].y, dz = P[i].z - P[k].z;
      s += P[k].q / sqrt(dx * dx + dy * dy + dz * dz);
    }
    double e = fabs(pot[i] - s) / fabs(s);
    worst = e > worst ? e : worst;
  }
  return worst;
}

int main(int argc, char **argv) {
  const char *dist = argc > 1 ? argv[1] : "cube";
  N = argc > 2 ? atoi(argv[2]) : 100000;
  H = argc > 3 ? atoi(argv[3]) : 5;
  G = argc > 4 ? atoi(argv[4]) : 32;
  int ellipsoid = strcmp(dist, "ellipsoid") == 0;
  if ((!ellipsoid && strcmp(dist, "cube") != 0) || N < 2 || H < 2 || H > MAXL || G < 1) {
    fprintf(stderr, "usage: fmm-omp [cube|ellipsoid] [N>=2] [H=2..%d] [G>=1]\n", MAXL);
    return 2;
  }
  generate(ellipsoid);
  (void)count_interactions, (void)count_pairs, (void)count_visits, (void)group_particles, (void)group_cells, (void)morton_interval; /* used by #pragma hcc params only */
  long long cells = 0, groups = 0, interactions = 0;
  for (int l = 0; l <= H; ++l) cells += nc[l], groups += ng[l];
  for (int l = 2; l <= H; ++l) interactions += ioff[l][nc[l]];

  const char *time_env = getenv("EXAMPLE_TIME");
  const int timed = time_env != NULL && time_env[0] == '1';
  double t0 = now();
#pragma omp parallel
#pragma omp single
  {
    /* upward pass */
    for (int g = 0; g < ng[H]; ++g) {
#pragma omp task depend(out: mtok[H][g])
#pragma hcc params(cells = group_cells(H, g), particles = group_particles(g))
#pragma hcc task name("p2m")
      p2m(g);
    }
    for (int l = H; l > 2; --l)
      for (int g = 0; g < ng[l]; ++g) {
        int pa = parent[l][first_cell(g)] / G, pb = parent[l][last_cell(l, g)] / G;
        char *second = pb != pa ? &mtok[l - 1][pb] : &mdum[l][g]; /* never mtok[l - 1][pa] twice */
#pragma omp task depend(in: mtok[l][g]) depend(inout: mtok[l - 1][pa], *second)
#pragma hcc params(level = l, cells = group_cells(l, g))
#pragma hcc task name("m2m")
        m2m(l, g);
      }
#pragma omp taskwait
    /* near field (first: it also absorbs the cold start after the taskwait) */
    for (int g = 0; g < ng[H]; ++g) {
#pragma omp task depend(inout: ptok[g])
#pragma hcc params(cells = group_cells(H, g), particles = group_particles(g), pairs = count_pairs(g), visits = count_visits(g))
#pragma hcc task name("p2p")
      p2p(g);
    }
    /* transfer pass */
    for (int l = 2; l <= H; ++l)
      for (int g = 0; g < ng[l]; ++g) {
#pragma omp task depend(inout: ltok[l][g])
#pragma hcc params(level = l, cells = group_cells(l, g), interval = morton_interval(g, l), nint = count_interactions(g, l))
#pragma hcc task name("m2l")
        m2l(l, g);
      }
    /* downward pass */
    for (int l = 3; l <= H; ++l)
      for (int g = 0; g < ng[l]; ++g) {
        int pa = parent[l][first_cell(g)] / G, pb = parent[l][last_cell(l, g)] / G;
        char *second = pb != pa ? &ltok[l - 1][pb] : &ldum[l][g];
#pragma omp task depend(in: ltok[l - 1][pa], *second) depend(inout: ltok[l][g])
#pragma hcc params(level = l, cells = group_cells(l, g))
#pragma hcc task name("l2l")
        l2l(l, g);
      }
    for (int g = 0; g < ng[H]; ++g) {
#pragma omp task depend(in: ltok[H][g]) depend(inout: ptok[g])
#pragma hcc params(cells = group_cells(H, g), particles = group_particles(g))
#pragma hcc task name("l2p")
      l2p(g);
    }
  } /* implicit barrier: every task has completed */
  if (timed) fprintf(stderr, "fmm: compute seconds=%.6f\n", now() - t0);

  int status = 0;
#ifdef __HCCSIM_SIMULATE__
  (void)check;
  printf("fmm: dist=%s N=%d H=%d G=%d simulated\n", dist, N, H, G);
#else
  double err = check();
  status = !(err < 1e-2);
  printf("fmm: dist=%s N=%d H=%d G=%d cells=%lld groups=%lld interactions=%lld maxrelerr=%.3e %s\n", dist, N, H,
         G, cells, groups, interactions, err, status ? "FAILED" : "ok");
#endif
  return status;
}
