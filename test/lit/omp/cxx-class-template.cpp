// RUN: %omp-check %s
// Checks a class template whose member functions create dependent tasks, instantiated with int and double.
#include <cstdio>
#include <vector>
#include <omp.h>

template <typename T> class Accumulator {
  std::vector<T> vals_;
  T total_;
  T weighted_;

public:
  explicit Accumulator(std::vector<T> v) : vals_(std::move(v)), total_(0), weighted_(0) {}

  // Two independent chains: total_ and weighted_, each a sequence of tasks
  // ordered by depend on the member itself.
  void compute() {
    for (size_t i = 0; i < vals_.size(); ++i) {
#pragma omp task depend(inout: total_) firstprivate(i)
      total_ += vals_[i];
#pragma omp task depend(inout: weighted_) firstprivate(i)
      weighted_ = weighted_ * T(2) + vals_[i];
    }
#pragma omp taskwait
  }

  T total() const { return total_; }
  T weighted() const { return weighted_; }
};

template <typename T> void runOne(const char *label, std::vector<T> v) {
  Accumulator<T> acc(std::move(v));
#pragma omp parallel
#pragma omp single
  acc.compute();
  std::printf("%s: total %.3f weighted %.3f\n", label, static_cast<double>(acc.total()),
              static_cast<double>(acc.weighted()));
}

int main() {
  std::vector<int> vi;
  std::vector<double> vd;
  for (int i = 0; i < 12; ++i) {
    vi.push_back(i * 3 - 5);
    vd.push_back(0.125 * i - 0.5);
  }
  runOne<int>("int", vi);
  runOne<double>("double", vd);
  runOne<long>("long", std::vector<long>{100000000L, 7L, -3L, 2L});
  return 0;
}
