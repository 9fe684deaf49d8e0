// RUN: %omp-check %s
// Checks std::function objects stored in a container and invoked from tasks, including ones wrapping member calls.
#include <cstdio>
#include <functional>
#include <string>
#include <vector>
#include <omp.h>

struct Scaler {
  int factor;
  int apply(int x) const { return x * factor; }
};

int main() {
  Scaler s{3};
  std::vector<std::function<int(int)>> ops;
  ops.push_back([](int x) { return x + 1; });
  ops.push_back([](int x) { return x * x; });
  ops.push_back(std::bind(&Scaler::apply, &s, std::placeholders::_1));
  ops.push_back([&s](int x) { return s.apply(x) - 7; });

  const int NOPS = static_cast<int>(ops.size());
  const int NX = 10;
  std::vector<int> table(NOPS * NX, 0);
  std::function<void(int, int)> store = [&table, &ops](int o, int x) {
    table[o * NX + x] = ops[o](x);
  };

#pragma omp parallel
#pragma omp single
  for (int o = 0; o < NOPS; ++o)
    for (int x = 0; x < NX; ++x) {
#pragma omp task firstprivate(o, x) shared(store)
      store(o, x);
    }

  // A std::function copied into a task (firstprivate) and called there.
  std::function<long(long)> twice = [](long v) { return 2 * v; };
  long r = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task firstprivate(twice) shared(r)
    r = twice(twice(21));
  }

  for (int o = 0; o < NOPS; ++o) {
    std::string line = "op" + std::to_string(o) + ":";
    for (int x = 0; x < NX; ++x)
      line += " " + std::to_string(table[o * NX + x]);
    std::printf("%s\n", line.c_str());
  }
  std::printf("twice(twice(21)) = %ld\n", r);
  return 0;
}
