// The C++ side of the test project: tasks in a C++ free function, and the
// standard library (so the link needs libstdc++, i.e. clang++).
#include "util.h"

#include <numeric>
#include <vector>

namespace {
int fill(int *p, int n) {
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < n; ++i) {
#pragma omp task depend(out : p[i]) firstprivate(i)
      p[i] = i + 1;
    }
#pragma omp taskwait
  }
  return n;
}
}  // namespace

extern "C" int cxx_sum(int n) {
  std::vector<int> v(n);
  fill(v.data(), n);
  return std::accumulate(v.begin(), v.end(), 0);
}
