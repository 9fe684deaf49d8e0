// RUN: %omp-check %s
// Checks parallel for loops over std::vector (index and random-access iterator loops) with reductions.
#include <cstdio>
#include <vector>
#include <omp.h>

int main() {
  const int N = 10000;
  std::vector<long> v(N);
#pragma omp parallel for
  for (int i = 0; i < N; ++i)
    v[i] = (static_cast<long>(i) * 37) % 1001 - 500;

  long sum = 0, sumSq = 0;
  long mx = v[0], mn = v[0];
#pragma omp parallel for reduction(+: sum, sumSq) reduction(max: mx) reduction(min: mn)
  for (int i = 0; i < N; ++i) {
    sum += v[i];
    sumSq += v[i] * v[i];
    mx = v[i] > mx ? v[i] : mx;
    mn = v[i] < mn ? v[i] : mn;
  }

  // Random-access iterator loop, with a count reduction.
  int positives = 0;
#pragma omp parallel for reduction(+: positives)
  for (std::vector<long>::const_iterator it = v.cbegin(); it < v.cend(); ++it)
    if (*it > 0)
      positives++;

  // Doubles with exactly representable values; multiplication reduction on few elements.
  std::vector<double> h(N, 0.25);
  double dsum = 0;
  long prod = 1;
#pragma omp parallel for reduction(+: dsum) reduction(*: prod) schedule(dynamic, 64)
  for (size_t i = 0; i < h.size(); ++i) {
    dsum += h[i];
    if (i % 1000 == 0)
      prod *= 2;
  }

  // Bitwise reductions.
  unsigned bor = 0, bxor = 0;
#pragma omp parallel for reduction(|: bor) reduction(^: bxor)
  for (int i = 0; i < N; ++i) {
    bor |= 1u << (v[i] & 15);
    bxor ^= static_cast<unsigned>(v[i] + 500);
  }

  std::printf("sum %ld sumSq %ld max %ld min %ld\n", sum, sumSq, mx, mn);
  std::printf("positives %d dsum %.2f prod %ld\n", positives, dsum, prod);
  std::printf("bor %x bxor %u\n", bor, bxor);
  return 0;
}
