// RUN: %omp-check %s
// Checks lambdas capturing this and *this (C++17) inside member functions, created and called within tasks.
#include <cstdio>
#include <vector>
#include <omp.h>

class Model {
  long weight_;
  std::vector<long> out_;

public:
  explicit Model(long w) : weight_(w), out_(8, 0) {}

  void run() {
    // Captures this: sees weight_ as it is when called.
    auto byRef = [this](long x) { return x * weight_; };
    // Captures a copy of the object: sees the weight at lambda creation.
    auto byCopy = [*this](long x) { return x * weight_; };
    weight_ = 100;
    for (int i = 0; i < 4; ++i) {
#pragma omp task firstprivate(i, byRef)
      out_[i] = byRef(i + 1);
#pragma omp task firstprivate(i, byCopy)
      out_[i + 4] = byCopy(i + 1);
    }
#pragma omp taskwait
  }

  long total() {
    long t = 0;
    // A lambda that creates tasks itself, using members through this.
    auto sumHalf = [this](size_t lo, size_t hi, long &dst) {
#pragma omp task shared(dst) firstprivate(lo, hi)
      {
        long s = 0;
        for (size_t i = lo; i < hi; ++i)
          s += out_[i];
        dst = s;
      }
    };
    long a = 0, b = 0;
    sumHalf(0, 4, a);
    sumHalf(4, 8, b);
#pragma omp taskwait
    t = a * 1000 + b;
    return t;
  }

  void print() const {
    for (long v : out_)
      std::printf("%ld ", v);
    std::printf("\n");
  }
};

int main() {
  Model m(3);
  long t = 0;
#pragma omp parallel
#pragma omp single
  {
    m.run();
    t = m.total();
  }
  m.print();
  std::printf("total %ld\n", t);
  return 0;
}
