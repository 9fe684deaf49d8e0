// RUN: %omp-check %s
// Checks firstprivate of a class counting copies and destructions: every copy made for a task is destroyed.
#include <atomic>
#include <cstdio>
#include <omp.h>

static std::atomic<long> constructions{0};
static std::atomic<long> destructions{0};

class Tracked {
  int value_;

public:
  explicit Tracked(int v) : value_(v) { constructions++; }
  Tracked(const Tracked &o) : value_(o.value_) { constructions++; }
  Tracked &operator=(const Tracked &o) {
    value_ = o.value_;
    return *this;
  }
  ~Tracked() { destructions++; }
  int value() const { return value_; }
  void bump(int d) { value_ += d; }
};

int main() {
  const int N = 40;
  long seen[N];
  {
    Tracked t(5);
#pragma omp parallel
#pragma omp single
    for (int i = 0; i < N; ++i) {
#pragma omp task firstprivate(t, i) shared(seen)
      {
        t.bump(i);
        seen[i] = t.value();
      }
      t.bump(1); // the task copy was made at creation
    }
    std::printf("original after loop: %d\n", t.value());
  }

  // Copies in a parallel region with firstprivate, and in nested tasks.
  long nestedSum = 0;
  {
    Tracked u(100);
#pragma omp parallel firstprivate(u)
#pragma omp single
    for (int k = 0; k < 5; ++k) {
#pragma omp task firstprivate(u, k) shared(nestedSum)
      {
        u.bump(k);
#pragma omp task firstprivate(u) shared(nestedSum)
        {
#pragma omp atomic
          nestedSum += u.value();
        }
#pragma omp taskwait
      }
    }
  }

  long sum = 0;
  for (int i = 0; i < N; ++i)
    sum += seen[i];
  std::printf("seen[0]=%ld seen[39]=%ld sum=%ld\n", seen[0], seen[N - 1], sum);
  std::printf("nested sum: %ld\n", nestedSum);
  std::printf("at least one copy per task: %s\n", constructions.load() >= 2 + N + 10 ? "yes" : "no");
  std::printf("constructions == destructions: %s\n",
              constructions.load() == destructions.load() ? "yes" : "no");
  return 0;
}
