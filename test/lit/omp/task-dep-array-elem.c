// RUN: %omp-check %s
// depend on individual array elements: a[i] = f(a[i-1], a[i]) chains and independent element chains give the sequential result.
#include <stdio.h>
#include <omp.h>

#define N 24
#define ROUNDS 5

int main(void) {
  int a[N], b[N];
  for (int i = 0; i < N; i++) {
    a[i] = i + 1;
    b[i] = 0;
  }

#pragma omp parallel
#pragma omp single
  {
    for (int r = 0; r < ROUNDS; r++) {
      /* prefix-like recurrence inside each round, elementwise deps */
      for (int i = 1; i < N; i++) {
#pragma omp task depend(in: a[i - 1]) depend(inout: a[i]) shared(a) firstprivate(i, r)
        a[i] = (a[i] + a[i - 1] * (r + 1)) % 1000;
      }
    }
    /* b[i] reads a[i] only after all rounds touching a[i] */
    for (int i = 0; i < N; i++) {
#pragma omp task depend(in: a[i]) depend(out: b[i]) shared(a, b) firstprivate(i)
      b[i] = a[i] * 2;
#pragma omp task depend(inout: b[i]) shared(b) firstprivate(i)
      b[i] = b[i] - i;
    }
  }

  int ra[N];
  for (int i = 0; i < N; i++)
    ra[i] = i + 1;
  for (int r = 0; r < ROUNDS; r++)
    for (int i = 1; i < N; i++)
      ra[i] = (ra[i] + ra[i - 1] * (r + 1)) % 1000;
  int ok = 1, s = 0;
  for (int i = 0; i < N; i++) {
    ok &= a[i] == ra[i] && b[i] == ra[i] * 2 - i;
    s += b[i];
  }
  printf("ok %d\n", ok);
  printf("sum b %d a[23] %d\n", s, a[N - 1]);
  return 0;
}
