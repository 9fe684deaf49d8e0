/* Recursive Fibonacci with nested OpenMP tasks.
 *
 * fib(n) spawns fib(n-1) and fib(n-2) as tasks (shared(x), shared(y)) and
 * joins them with taskwait; below the cutoff it recurses serially, so the
 * task tree stays at a few thousand tasks. The driver also counts the tasks
 * it created (atomically), which is a function of n and the cutoff only.
 *
 * Self-check: the result must equal the iterative Fibonacci number.
 *
 *   fib-omp [N] [CUTOFF]    N (default 30, at most 92), serial below CUTOFF (default 15)
 *
 * Prints "fib: n=.. cutoff=.. fib=.. tasks=.. ok" and exits 0, or "FAILED"
 * and exits 1. Built with `hccsim -fsimulate` (__HCCSIM_SIMULATE__), task
 * results are not all computed, so there is nothing to check: it prints
 * "fib: n=.. cutoff=.. simulated" and exits 0.
 */
#include <stdio.h>
#include <stdlib.h>

static long long tasks_created = 0;

static long long fib_serial(int n) { return n < 2 ? n : fib_serial(n - 1) + fib_serial(n - 2); }

static long long fib(int n, int cutoff) {
  if (n < 2) return n;
  if (n < cutoff) return fib_serial(n);
  long long x, y;
#pragma omp atomic update
  tasks_created += 2;
#pragma omp task shared(x) firstprivate(n, cutoff)
  x = fib(n - 1, cutoff);
#pragma omp task shared(y) firstprivate(n, cutoff)
  y = fib(n - 2, cutoff);
#pragma omp taskwait
  return x + y;
}

static long long fib_iterative(int n) {
  long long a = 0, b = 1;
  for (int i = 0; i < n; ++i) {
    long long t = a + b;
    a = b;
    b = t;
  }
  return a;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 30;
  int cutoff = argc > 2 ? atoi(argv[2]) : 15;
  if (n < 0 || n > 92) {
    fprintf(stderr, "usage: fib-omp [N] [CUTOFF] with 0 <= N <= 92\n");
    return 2;
  }
  long long result = 0;
#pragma omp parallel
#pragma omp single
  result = fib(n, cutoff);

#ifdef __HCCSIM_SIMULATE__
  /* The tasks' results are not all computed: nothing to check. */
  printf("fib: n=%d cutoff=%d simulated\n", n, cutoff);
  (void)result;
  (void)fib_iterative;
  return 0;
#else
  long long expected = fib_iterative(n);
  int status = result != expected;
  printf("fib: n=%d cutoff=%d fib=%lld tasks=%lld %s\n", n, cutoff, result, tasks_created, status ? "FAILED" : "ok");
  if (status) fprintf(stderr, "fib: expected %lld\n", expected);
  return status;
#endif
}
