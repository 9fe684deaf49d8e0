// RUN: %omp-check %s
// Checks tasks inside functions and classes defined in named, nested and anonymous namespaces.
#include <cstdio>
#include <vector>
#include <omp.h>

namespace {
int counter = 0; // internal linkage, updated atomically by tasks

long triangle(long n) {
  long t = 0;
#pragma omp task shared(t) firstprivate(n)
  t = n * (n + 1) / 2;
#pragma omp taskwait
#pragma omp atomic
  counter++;
  return t;
}
} // namespace

namespace geo {
namespace detail {
template <typename T> T dot(const std::vector<T> &a, const std::vector<T> &b) {
  T lhs = 0, rhs = 0;
  size_t half = a.size() / 2;
#pragma omp task shared(lhs, a, b) firstprivate(half)
  for (size_t i = 0; i < half; ++i)
    lhs += a[i] * b[i];
#pragma omp task shared(rhs, a, b) firstprivate(half)
  for (size_t i = half; i < a.size(); ++i)
    rhs += a[i] * b[i];
#pragma omp taskwait
  return lhs + rhs;
}
} // namespace detail

struct Vec {
  std::vector<long> c;
  long norm2() const { return detail::dot(c, c); }
};
} // namespace geo

int main() {
  std::vector<long> tri(10);
  long n2 = 0;
  geo::Vec v{{3, 4, 12, 84, 1, 2, 2}};
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < 10; ++i) {
#pragma omp task firstprivate(i) shared(tri)
      tri[i] = triangle(i + 1);
    }
#pragma omp task shared(n2, v)
    n2 = v.norm2();
  }
  for (int i = 0; i < 10; ++i)
    std::printf("T(%d) = %ld\n", i + 1, tri[i]);
  std::printf("norm2 = %ld, counter = %d\n", n2, counter);
  return 0;
}
