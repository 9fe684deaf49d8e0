// RUN: %omp-check %s
// Checks tasks created by static member functions, including a static member array as shared data.
#include <cstdio>
#include <omp.h>

struct Counter {
  static const int N = 20;
  static long table[N];

  static long square(long v) { return v * v; }

  // Fill table[] with one task per slot.
  static void fill() {
    for (int i = 0; i < N; ++i) {
#pragma omp task firstprivate(i)
      table[i] = square(i + 1);
    }
#pragma omp taskwait
  }

  // Sum with tasks updating a shared local atomically.
  static long sum() {
    long s = 0;
    for (int i = 0; i < N; i += 5) {
#pragma omp task firstprivate(i) shared(s)
      {
        long part = 0;
        for (int j = i; j < i + 5; ++j)
          part += table[j];
#pragma omp atomic
        s += part;
      }
    }
#pragma omp taskwait
    return s;
  }
};

long Counter::table[Counter::N];

int main() {
  long result = 0;
#pragma omp parallel
#pragma omp single
  {
    Counter::fill();
    result = Counter::sum();
  }
  std::printf("table[0]=%ld table[19]=%ld\n", Counter::table[0], Counter::table[19]);
  std::printf("sum of squares 1..20 = %ld (expected %d)\n", result, 20 * 21 * 41 / 6);
  return 0;
}
