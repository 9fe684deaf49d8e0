// RUN: %omp-check %s
// Recursive Fibonacci with two child tasks per call, shared results and taskwait, with a sequential cut-off.
#include <stdio.h>
#include <omp.h>

static long fib_seq(int n) { return n < 2 ? n : fib_seq(n - 1) + fib_seq(n - 2); }

static long fib(int n) {
  if (n < 12)
    return fib_seq(n);
  long x = 0, y = 0;
#pragma omp task shared(x) firstprivate(n)
  x = fib(n - 1);
#pragma omp task shared(y) firstprivate(n)
  y = fib(n - 2);
#pragma omp taskwait
  return x + y;
}

/* variant without cut-off and with only one child task */
static int fib_small(int n) {
  if (n < 2)
    return n;
  int x = 0;
#pragma omp task shared(x) firstprivate(n)
  x = fib_small(n - 1);
  int y = fib_small(n - 2);
#pragma omp taskwait
  return x + y;
}

int main(void) {
  long r[4];
  int small = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < 4; i++) {
#pragma omp task shared(r) firstprivate(i)
      r[i] = fib(20 + 2 * i);
    }
#pragma omp task shared(small)
    small = fib_small(15);
#pragma omp taskwait
  }
  for (int i = 0; i < 4; i++)
    printf("fib(%d) = %ld\n", 20 + 2 * i, r[i]);
  printf("fib_small(15) = %d\n", small);
  return 0;
}
