// RUN: %omp-check %s
// Checks a recursive member function (Fibonacci) that spawns tasks on this and waits with taskwait.
#include <atomic>
#include <cstdio>
#include <initializer_list>
#include <omp.h>

class Fib {
  int cutoff_;
  std::atomic<long> calls_{0};

public:
  explicit Fib(int cutoff) : cutoff_(cutoff) {}

  long serial(int n) const { return n < 2 ? n : serial(n - 1) + serial(n - 2); }

  long compute(int n) {
    calls_++;
    if (n < cutoff_)
      return serial(n);
    long a = 0, b = 0;
#pragma omp task shared(a) firstprivate(n)
    a = compute(n - 1);
#pragma omp task shared(b) firstprivate(n)
    b = compute(n - 2);
#pragma omp taskwait
    return a + b;
  }

  long calls() const { return calls_.load(); }
};

int main() {
  for (int cutoff : {6, 12, 30}) {
    Fib f(cutoff);
    long r18 = 0, r22 = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp task shared(f, r18)
      r18 = f.compute(18);
#pragma omp task shared(f, r22)
      r22 = f.compute(22);
    }
    std::printf("cutoff %2d: fib(18) = %ld fib(22) = %ld calls %ld\n", cutoff, r18, r22, f.calls());
  }
  return 0;
}
