// RUN: %omp-check %s
// Checks taskloop over a std::vector index range inside member functions, with grainsize, num_tasks and reduction.
#include <cstdio>
#include <vector>
#include <omp.h>

class Signal {
  std::vector<long> samples_;
  std::vector<long> smooth_;

public:
  explicit Signal(int n) : samples_(n), smooth_(n, 0) {
    for (int i = 0; i < n; ++i)
      samples_[i] = (i * 29) % 64 - 32;
  }

  void scale(long k) {
    const int n = static_cast<int>(samples_.size());
#pragma omp taskloop grainsize(64)
    for (int i = 0; i < n; ++i)
      samples_[i] *= k;
  }

  void smooth() {
    const int n = static_cast<int>(samples_.size());
#pragma omp taskloop num_tasks(7)
    for (int i = 1; i < n - 1; ++i)
      smooth_[i] = samples_[i - 1] + samples_[i] + samples_[i + 1];
  }

  long energy() const {
    long e = 0;
    const size_t n = samples_.size();
#pragma omp taskloop reduction(+: e)
    for (size_t i = 0; i < n; ++i)
      e += samples_[i] * samples_[i];
    return e;
  }

  long smoothSum() const {
    long s = 0;
    for (long v : smooth_)
      s += v;
    return s;
  }
  long at(int i) const { return smooth_[i]; }
};

int main() {
  Signal sig(1000);
  long e1 = 0, e2 = 0;
#pragma omp parallel
#pragma omp single
  {
    e1 = sig.energy();
    sig.scale(3);
    sig.smooth();
    e2 = sig.energy();
  }
  std::printf("energy before %ld after %ld (ratio %ld)\n", e1, e2, e2 / e1);
  std::printf("smooth sum %ld, smooth[1] %ld, smooth[500] %ld\n", sig.smoothSum(), sig.at(1),
              sig.at(500));
  return 0;
}
