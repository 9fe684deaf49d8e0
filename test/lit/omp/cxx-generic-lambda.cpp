// RUN: %omp-check %s
// Checks generic lambdas ([&](auto x)) whose bodies create tasks, called with several argument types.
#include <cstdio>
#include <string>
#include <vector>
#include <omp.h>

int main() {
  long intSum = 0;
  double dblSum = 0;
  std::vector<std::string> texts(4);

  // Generic lambda: spawn n tasks, each adding f(i) atomically to out.
  auto spawnSum = [&](auto &out, int n, auto f) {
    for (int i = 0; i < n; ++i) {
#pragma omp task firstprivate(i, f) shared(out)
      {
        auto v = f(i);
#pragma omp atomic
        out += v;
      }
    }
  };

  // Generic lambda with an auto parameter used as data inside the task.
  auto describe = [&](auto x, int slot) {
#pragma omp task firstprivate(x, slot) shared(texts)
    texts[slot] = std::to_string(x * 2);
  };

#pragma omp parallel
#pragma omp single
  {
    spawnSum(intSum, 30, [](int i) { return static_cast<long>(i) * i; });
    spawnSum(dblSum, 16, [](int i) { return i * 0.5; });
    describe(21, 0);
    describe(123456789012L, 1);
    describe(7u, 2);
    describe(static_cast<short>(-4), 3);
#pragma omp taskwait
  }

  std::printf("sum of squares 0..29 = %ld\n", intSum);
  std::printf("sum of halves 0..15 = %.1f\n", dblSum);
  for (const std::string &t : texts)
    std::printf("text %s\n", t.c_str());
  return 0;
}
