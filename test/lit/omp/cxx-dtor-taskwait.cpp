// RUN: %omp-check %s
// Checks a class whose destructor waits (taskwait) for the tasks it created, so results are complete at scope exit.
#include <cstdio>
#include <vector>
#include <omp.h>

class Batch {
  std::vector<long> &out_;
  int launched_;

public:
  explicit Batch(std::vector<long> &out) : out_(out), launched_(0) {}

  // Fire-and-forget: results land in out_ when the task completes.
  void launch(int slot, long v) {
    std::vector<long> *out = &out_;
#pragma omp task firstprivate(out, slot, v)
    {
      long r = 1;
      for (int k = 0; k < 10; ++k)
        r = (r * v + k) % 1000003;
      (*out)[slot] = r;
    }
    launched_++;
  }

  int launched() const { return launched_; }

  // The destructor runs in the same task region that created the tasks,
  // so taskwait waits for all of them.
  ~Batch() {
#pragma omp taskwait
  }
};

int main() {
  const int N = 16;
  std::vector<long> results(N, -1);
  int launched = 0;
  long sumInside = 0;
#pragma omp parallel
#pragma omp single
  {
    {
      Batch b(results);
      for (int i = 0; i < N; ++i)
        b.launch(i, i + 2);
      launched = b.launched();
    } // ~Batch: taskwait
    // Safe to read here without another taskwait.
    for (long r : results)
      sumInside += r;
  }
  std::printf("launched %d, sum read right after scope %ld\n", launched, sumInside);
  for (int i = 0; i < N; i += 5)
    std::printf("results[%d] = %ld\n", i, results[i]);
  return 0;
}
