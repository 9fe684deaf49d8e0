#include <cstdio>
#include <vector>
#include "vec.h"

int main() {
  const long n = 200000;
  std::vector<double> x(n), y(n);
  vec_fill(x.data(), n, 1.0);
  vec_fill(y.data(), n, 2.0);
  const double dot = vec_dot(x.data(), y.data(), n);
  const double norm = vec_norm_tasks(x.data(), n, 4096);
  std::printf("c++: dot=%.6e norm=%.6e calls=%ld\n", dot, norm, stats_calls());
  return 0;
}
