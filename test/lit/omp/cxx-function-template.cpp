// RUN: %omp-check %s
// Checks a function template that creates tasks, instantiated with int, long and double (exact values).
#include <cstdio>
#include <vector>
#include <omp.h>

// Sum of f(x) over chunks, one task per chunk, partial sums combined after taskwait.
template <typename T, typename F>
T chunkedSum(const std::vector<T> &v, int chunk, F f) {
  int n = static_cast<int>(v.size());
  int nchunks = (n + chunk - 1) / chunk;
  std::vector<T> part(nchunks, T(0));
  for (int c = 0; c < nchunks; ++c) {
#pragma omp task firstprivate(c) shared(v, part, f)
    {
      T s = T(0);
      for (int i = c * chunk; i < n && i < (c + 1) * chunk; ++i)
        s += f(v[i]);
      part[c] = s;
    }
  }
#pragma omp taskwait
  T total = T(0);
  for (T p : part)
    total += p;
  return total;
}

template <typename T> std::vector<T> iota(int n, T start, T step) {
  std::vector<T> v(n);
  for (int i = 0; i < n; ++i)
    v[i] = start + step * T(i);
  return v;
}

int main() {
  int si = 0;
  long sl = 0;
  double sd = 0;
#pragma omp parallel
#pragma omp single
  {
    std::vector<int> vi = iota<int>(100, 1, 1);
    std::vector<long> vl = iota<long>(50, 1000000L, 3L);
    std::vector<double> vd = iota<double>(64, 0.5, 0.25);
    si = chunkedSum(vi, 7, [](int x) { return x * 2; });
    sl = chunkedSum(vl, 9, [](long x) { return x * x; });
    sd = chunkedSum(vd, 5, [](double x) { return x * 4.0; });
  }
  std::printf("int: %d\n", si);
  std::printf("long: %ld\n", sl);
  std::printf("double: %.2f\n", sd);
  return 0;
}
