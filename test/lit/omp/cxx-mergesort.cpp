// RUN: %omp-check %s
// Checks sorting a std::vector with a parallel mergesort built from tasks, taskwait and a cutoff to std::sort.
#include <algorithm>
#include <cstdio>
#include <vector>
#include <omp.h>

template <typename T> class MergeSorter {
  std::vector<T> tmp_;
  size_t cutoff_;

  void sortRange(std::vector<T> &v, size_t lo, size_t hi) {
    if (hi - lo <= cutoff_) {
      std::sort(v.begin() + lo, v.begin() + hi);
      return;
    }
    size_t mid = lo + (hi - lo) / 2;
#pragma omp task shared(v) firstprivate(lo, mid)
    sortRange(v, lo, mid);
#pragma omp task shared(v) firstprivate(mid, hi)
    sortRange(v, mid, hi);
#pragma omp taskwait
    std::merge(v.begin() + lo, v.begin() + mid, v.begin() + mid, v.begin() + hi, tmp_.begin() + lo);
    std::copy(tmp_.begin() + lo, tmp_.begin() + hi, v.begin() + lo);
  }

public:
  explicit MergeSorter(size_t cutoff) : cutoff_(cutoff) {}

  void sort(std::vector<T> &v) {
    tmp_.assign(v.size(), T());
#pragma omp parallel
#pragma omp single
    sortRange(v, 0, v.size());
  }
};

int main() {
  const int N = 100000;
  std::vector<long> v(N);
  unsigned long x = 12345;
  for (int i = 0; i < N; ++i) {
    x = x * 6364136223846793005UL + 1442695040888963407UL;
    v[i] = static_cast<long>(x >> 40) % 100000 - 50000;
  }
  std::vector<long> ref = v;
  std::sort(ref.begin(), ref.end());

  MergeSorter<long> sorter(1000);
  sorter.sort(v);

  std::vector<double> d = {3.5, -1.25, 8.0, 0.5, -7.75, 2.0, 2.0, 6.125};
  MergeSorter<double> small(2);
  small.sort(d);

  std::printf("sorted: %s, equal to std::sort: %s\n", std::is_sorted(v.begin(), v.end()) ? "yes" : "no",
              v == ref ? "yes" : "no");
  std::printf("min %ld median %ld max %ld\n", v.front(), v[N / 2], v.back());
  for (double e : d)
    std::printf("%.3f ", e);
  std::printf("\n");
  return 0;
}
