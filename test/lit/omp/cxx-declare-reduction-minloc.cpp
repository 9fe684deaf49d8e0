// RUN: %omp-check %s
// Checks user-defined reductions on a scalar type (gcd over long) and on a min-location struct with deterministic ties.
#include <cstdio>
#include <vector>
#include <omp.h>

static long gcd(long a, long b) {
  while (b != 0) {
    long t = a % b;
    a = b;
    b = t;
  }
  return a < 0 ? -a : a;
}

#pragma omp declare reduction(gcd : long : omp_out = gcd(omp_out, omp_in)) initializer(omp_priv = 0)

struct MinLoc {
  int value;
  int index;
};

// Ties are broken by the smallest index, so the result does not depend on the combine order.
static MinLoc better(MinLoc a, MinLoc b) {
  if (a.value != b.value)
    return a.value < b.value ? a : b;
  return a.index < b.index ? a : b;
}

#pragma omp declare reduction(minloc : MinLoc : omp_out = better(omp_out, omp_in)) \
    initializer(omp_priv = MinLoc{2147483647, 2147483647})

int main() {
  const int N = 3000;
  std::vector<long> multiples(N);
  for (int i = 0; i < N; ++i)
    multiples[i] = 84L * ((i * 13) % 997 + 1);

  long g = 0;
#pragma omp parallel for reduction(gcd : g)
  for (int i = 0; i < N; ++i)
    g = gcd(g, multiples[i]);

  std::vector<int> vals(N);
  for (int i = 0; i < N; ++i)
    vals[i] = (i * 31) % 101; // the minimum 0 appears many times
  MinLoc m{2147483647, 2147483647};
#pragma omp parallel for reduction(minloc : m) schedule(dynamic, 50)
  for (int i = N - 1; i >= 0; --i)
    m = better(m, MinLoc{vals[i], i});

  // Same reduction from a taskloop.
  MinLoc m2{2147483647, 2147483647};
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(minloc : m2) grainsize(100)
  for (int i = 1; i < N; ++i)
    m2 = better(m2, MinLoc{vals[i] + (i % 7), i});

  std::printf("gcd = %ld\n", g);
  std::printf("min %d at %d\n", m.value, m.index);
  std::printf("taskloop min %d at %d\n", m2.value, m2.index);
  return 0;
}
