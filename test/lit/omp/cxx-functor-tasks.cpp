// RUN: %omp-check %s
// Checks function objects with state passed firstprivate into tasks and invoked there through operator().
#include <cstdio>
#include <vector>
#include <omp.h>

class Polynomial {
  std::vector<long> coef_; // coef_[k] multiplies x^k

public:
  explicit Polynomial(std::vector<long> c) : coef_(std::move(c)) {}
  long operator()(long x) const {
    long r = 0;
    for (size_t k = coef_.size(); k-- > 0;)
      r = r * x + coef_[k];
    return r;
  }
  Polynomial derivative() const {
    std::vector<long> d;
    for (size_t k = 1; k < coef_.size(); ++k)
      d.push_back(coef_[k] * static_cast<long>(k));
    return Polynomial(d);
  }
};

struct Accumulate {
  long total = 0;
  void operator()(long v) { total += v; }
};

int main() {
  Polynomial p({-6, 11, -6, 1}); // (x-1)(x-2)(x-3)
  const int N = 10;
  std::vector<long> values(N), slopes(N);

#pragma omp parallel
#pragma omp single
  for (int x = 0; x < N; ++x) {
    // The functor (holding a std::vector) is copied into each task.
#pragma omp task firstprivate(p, x) shared(values)
    values[x] = p(x);
#pragma omp task firstprivate(p, x) shared(slopes)
    slopes[x] = p.derivative()(x);
  }

  // A stateful functor used inside one task, the result read after it.
  Accumulate acc;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(acc, values)
    for (long v : values)
      acc(v);
  }

  for (int x = 0; x < N; ++x)
    std::printf("p(%d) = %ld, p'(%d) = %ld\n", x, values[x], x, slopes[x]);
  std::printf("sum of p(0..9) = %ld\n", acc.total);
  return 0;
}
