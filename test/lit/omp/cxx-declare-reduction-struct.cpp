// RUN: %omp-check %s
// Checks a user-defined reduction (declare reduction) on a struct with an initializer, in parallel for and parallel regions.
#include <climits>
#include <cstdio>
#include <vector>
#include <omp.h>

struct Stats {
  long count;
  long sum;
  long lo;
  long hi;
  Stats() : count(0), sum(0), lo(LONG_MAX), hi(LONG_MIN) {}
  void add(long v) {
    count++;
    sum += v;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  void merge(const Stats &o) {
    count += o.count;
    sum += o.sum;
    if (o.lo < lo) lo = o.lo;
    if (o.hi > hi) hi = o.hi;
  }
};

#pragma omp declare reduction(merge : Stats : omp_out.merge(omp_in)) initializer(omp_priv = Stats())

int main() {
  const int N = 5000;
  std::vector<long> data(N);
  for (int i = 0; i < N; ++i)
    data[i] = (static_cast<long>(i) * 7919) % 2003 - 1000;

  Stats all;
#pragma omp parallel for reduction(merge : all)
  for (int i = 0; i < N; ++i)
    all.add(data[i]);

  // Reduction on a parallel region with a worksharing loop inside.
  Stats even, odd;
#pragma omp parallel reduction(merge : even, odd)
  {
#pragma omp for schedule(static, 17)
    for (int i = 0; i < N; ++i) {
      if (data[i] % 2 == 0)
        even.add(data[i]);
      else
        odd.add(data[i]);
    }
  }

  std::printf("all:  count %ld sum %ld lo %ld hi %ld\n", all.count, all.sum, all.lo, all.hi);
  std::printf("even: count %ld sum %ld lo %ld hi %ld\n", even.count, even.sum, even.lo, even.hi);
  std::printf("odd:  count %ld sum %ld lo %ld hi %ld\n", odd.count, odd.sum, odd.lo, odd.hi);
  std::printf("consistent: %s\n",
              even.count + odd.count == all.count && even.sum + odd.sum == all.sum ? "yes" : "no");
  return 0;
}
