// RUN: %omp-check %s
// Checks firstprivate of std::vector in tasks: each task gets its own copy, modifications do not leak.
#include <cstdio>
#include <numeric>
#include <vector>
#include <omp.h>

int main() {
  std::vector<int> base(10);
  std::iota(base.begin(), base.end(), 1);
  const int T = 8;
  std::vector<long> results(T, 0);

#pragma omp parallel
#pragma omp single
  {
    for (int t = 0; t < T; ++t) {
      // The copy is taken here, at task creation: later edits of base must not be seen.
#pragma omp task firstprivate(base, t) shared(results)
      {
        for (int &x : base)
          x *= (t + 1);
        base.push_back(t);
        results[t] = std::accumulate(base.begin(), base.end(), 0L);
      }
      base[0] += 100;
    }
#pragma omp taskwait
  }

  // A vector of vectors copied into tasks.
  std::vector<std::vector<int>> nested = {{1, 2}, {3, 4, 5}, {6}};
  long nestedSum = 0;
#pragma omp parallel
#pragma omp single
  for (int k = 0; k < 3; ++k) {
#pragma omp task firstprivate(nested, k) shared(nestedSum)
    {
      nested[k].push_back(10 * k);
      long s = 0;
      for (const auto &inner : nested)
        s += std::accumulate(inner.begin(), inner.end(), 0L);
#pragma omp atomic
      nestedSum += s;
    }
  }

  for (int t = 0; t < T; ++t)
    std::printf("task %d: %ld\n", t, results[t]);
  std::printf("base[0] = %d size = %zu\n", base[0], base.size());
  std::printf("nested: %ld, original size %zu\n", nestedSum, nested[0].size());
  return 0;
}
