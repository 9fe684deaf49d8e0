// RUN: %omp-check %s
// Checks tasks in a member function with depend clauses on elements of a member array (prefix-sum pipeline).
#include <cstdio>
#include <omp.h>

class Pipeline {
  static const int N = 16;
  long a[N];
  long b[N];

public:
  Pipeline() {
    for (int i = 0; i < N; ++i) {
      a[i] = i + 1;
      b[i] = 0;
    }
  }

  // b[i] = b[i-1] + a[i] * a[i], each step a task ordered through b[i-1].
  void run() {
    for (int i = 0; i < N; ++i) {
#pragma omp task depend(out: a[i])
      a[i] = a[i] * a[i];
      if (i == 0) {
#pragma omp task depend(in: a[0]) depend(out: b[0])
        b[0] = a[0];
      } else {
#pragma omp task depend(in: a[i], b[i - 1]) depend(out: b[i])
        b[i] = b[i - 1] + a[i];
      }
    }
#pragma omp taskwait
  }

  void print() const {
    for (int i = 0; i < N; ++i)
      std::printf("b[%d] = %ld\n", i, b[i]);
  }
};

int main() {
  Pipeline p;
#pragma omp parallel
#pragma omp single
  p.run();
  p.print();
  return 0;
}
