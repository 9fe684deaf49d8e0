// RUN: %omp-check %s
// Checks plain lambdas created outside and inside tasks and called from task bodies, with capture by value and reference.
#include <cstdio>
#include <vector>
#include <omp.h>

int main() {
  const int N = 24;
  std::vector<int> v(N);
  int offset = 10;

  // Captures offset by value: later change of offset must not affect it.
  auto make = [offset](int i) { return i * i + offset; };
  offset = 1000;

  std::vector<long> pairs(N / 2, 0);
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < N; ++i) {
#pragma omp task depend(out: v[i]) firstprivate(i) shared(v)
      v[i] = make(i);
    }
    for (int k = 0; k < N / 2; ++k) {
#pragma omp task depend(in: v[2 * k], v[2 * k + 1]) firstprivate(k) shared(v, pairs)
      {
        // Lambda defined inside the task, capturing task-private k by value.
        auto combine = [k](int a, int b) { return static_cast<long>(a) * (k + 1) - b; };
        pairs[k] = combine(v[2 * k], v[2 * k + 1]);
      }
    }
  }

  long total = 0;
  auto add = [&total](long x) { total += x; };
  for (long p : pairs)
    add(p);
  for (int k = 0; k < N / 2; k += 3)
    std::printf("pairs[%d] = %ld\n", k, pairs[k]);
  std::printf("total = %ld offset = %d\n", total, offset);
  return 0;
}
