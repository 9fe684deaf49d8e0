// RUN: %omp-check %s
// Checks compile-time template recursion where each instantiation level spawns tasks for its sub-levels.
#include <cstdio>
#include <omp.h>

// Sum<N>::of(base) = sum of (base + i) for i in [0, 2^N), split in two tasks per level.
template <int N> struct Sum {
  static long of(long base) {
    long left = 0, right = 0;
#pragma omp task shared(left) firstprivate(base)
    left = Sum<N - 1>::of(base);
#pragma omp task shared(right) firstprivate(base)
    right = Sum<N - 1>::of(base + (1L << (N - 1)));
#pragma omp taskwait
    return left + right;
  }
};

template <> struct Sum<0> {
  static long of(long base) { return base; }
};

// Template recursion over a type parameter and a depth: product of levels.
template <typename T, int D> T levelProduct(T x) {
  if constexpr (D == 0) {
    return x;
  } else {
    T sub = 0;
#pragma omp task shared(sub) firstprivate(x)
    sub = levelProduct<T, D - 1>(x + 1);
#pragma omp taskwait
    return x * sub;
  }
}

int main() {
  long s6 = 0, s10 = 0;
  long p = 0;
  double q = 0;
#pragma omp parallel
#pragma omp single
  {
    s6 = Sum<6>::of(1);
    s10 = Sum<10>::of(0);
    p = levelProduct<long, 10>(1);
    q = levelProduct<double, 5>(0.5);
  }
  std::printf("Sum<6>(1) = %ld\n", s6);
  std::printf("Sum<10>(0) = %ld\n", s10);
  std::printf("11! = %ld\n", p);
  std::printf("0.5*1.5*...*5.5 = %.5f\n", q);
  return 0;
}
