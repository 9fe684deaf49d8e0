/* Unbalanced tree search (after UTS's binomial trees) with one OpenMP task per
 * child.
 *
 * The tree is a function of its parameters only: a node's 64-bit id hashed
 * (splitmix64) decides how many children it has, and each child's id is the
 * hash of its parent's id and its rank. The root has B0 children; every other
 * node has M children with probability Q and none otherwise. With M*Q just
 * below 1 each of the root's subtrees holds 1 / (1 - M*Q) nodes on average,
 * but their sizes and depths vary wildly: a few run hundreds of levels deep,
 * most stop after one or two. Each child is searched in a task of its own that
 * writes its node count and depth into its slot of the parent's array; the
 * parent adds them up after a taskwait. A node does no other work, so the
 * tasks are about as small as tasks get.
 *
 *   uts [B0] [M] [Q] [SEED]    defaults 2000 2 0.4975 1 (M at most 8, M*Q < 1)
 *
 * Prints "uts: b0=.. m=.. q=.. seed=.. nodes=.. depth=.." and exits 0.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXM 8

struct result {
  long long nodes;
  int depth;
};

static int b0 = 2000, m = 2;
static double q = 0.4975;

static uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

static int children(uint64_t id, int depth) {
  if (depth == 0) return b0;
  double u = (double)(splitmix64(id) >> 11) * 0x1.0p-53; /* uniform in [0, 1) */
  return u < q ? m : 0;
}

static void search(uint64_t id, int depth, struct result *out) {
  int n = children(id, depth);
  struct result local[MAXM];
  struct result *child = n <= MAXM ? local : malloc((size_t)n * sizeof *child);
  if (!child) {
    fprintf(stderr, "uts: out of memory\n");
    exit(1);
  }
  for (int i = 0; i < n; ++i) {
    uint64_t cid = splitmix64(id * 31 + (uint64_t)i + 1);
#pragma omp task firstprivate(cid, i)
    search(cid, depth + 1, &child[i]);
  }
#pragma omp taskwait
  out->nodes = 1;
  out->depth = depth;
  for (int i = 0; i < n; ++i) {
    out->nodes += child[i].nodes;
    if (child[i].depth > out->depth) out->depth = child[i].depth;
  }
  if (child != local) free(child);
}

int main(int argc, char **argv) {
  if (argc > 1) b0 = atoi(argv[1]);
  if (argc > 2) m = atoi(argv[2]);
  if (argc > 3) q = atof(argv[3]);
  uint64_t seed = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
  if (b0 < 0 || m < 1 || m > MAXM || q < 0 || m * q >= 1) {
    fprintf(stderr, "usage: uts [B0] [M] [Q] [SEED] with B0 >= 0, 1 <= M <= %d, 0 <= Q, M*Q < 1\n", MAXM);
    return 2;
  }
  struct result root = {0, 0};
#pragma omp parallel
#pragma omp single
  search(splitmix64(seed), 0, &root);

  printf("uts: b0=%d m=%d q=%g seed=%llu nodes=%lld depth=%d\n", b0, m, q, (unsigned long long)seed, root.nodes,
         root.depth);
  return 0;
}
