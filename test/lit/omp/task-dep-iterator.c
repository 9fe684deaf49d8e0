// RUN: %omp-check %s
// The iterator modifier depend(iterator(i=0:n), in: a[i]) makes a task depend on a run-time number of array elements.
#include <stdio.h>
#include <omp.h>

#define N 16

int main(void) {
  int a[N], pre[N];
  int total = -1, evens = -1;

#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < N; i++) {
#pragma omp task depend(out: a[i]) shared(a) firstprivate(i)
      a[i] = i * 3 + 1;
    }
    for (int i = 0; i < N; i++) {
#pragma omp task depend(inout: a[i]) shared(a) firstprivate(i)
      a[i] = a[i] * 2;
    }
    /* prefix sums: task j depends on a[0..j] through an iterator */
    for (int j = 0; j < N; j++) {
      int n = j + 1;
#pragma omp task depend(iterator(i = 0:n), in: a[i]) depend(out: pre[j]) shared(a, pre) firstprivate(j)
      {
        int s = 0;
        for (int i = 0; i <= j; i++)
          s += a[i];
        pre[j] = s;
      }
    }
    /* iterator with a step, plus an iterator over the outputs */
#pragma omp task depend(iterator(it = 0:N:2), in: a[it]) shared(a, evens)
    {
      int s = 0;
      for (int i = 0; i < N; i += 2)
        s += a[i];
      evens = s;
    }
#pragma omp task depend(iterator(k = 0:N), in: pre[k]) shared(pre, total)
    total = pre[N - 1];
  }
  int ok = 1, s = 0;
  for (int i = 0; i < N; i++) {
    s += (i * 3 + 1) * 2;
    ok &= pre[i] == s;
  }
  printf("total %d evens %d ok %d\n", total, evens, ok);
  return 0;
}
