// RUN: %omp-check %s
// depend(out/inout/in) on scalars orders a chain of non-commutative updates, and in-tasks read the value left by the last writer.
#include <stdio.h>
#include <omp.h>

#define STEPS 50

int main(void) {
  int x = 0, y = 0;
  int snap[STEPS];

#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: x) shared(x)
    x = 1;
    for (int i = 0; i < STEPS; i++) {
      /* non-commutative update: order matters */
#pragma omp task depend(inout: x) shared(x) firstprivate(i)
      x = (x * 3 + i) % 10007;
      /* readers of the current value; they may run in any order among themselves */
#pragma omp task depend(in: x) shared(x, snap) firstprivate(i)
      snap[i] = x;
    }
    /* y depends on x, then overwrites y twice */
#pragma omp task depend(in: x) depend(out: y) shared(x, y)
    y = x + 1;
#pragma omp task depend(inout: y) shared(y)
    y = y * 2;
#pragma omp task depend(out: y) shared(y)
    y = y + 5; /* out after inout: still ordered (WAW) */
  }

  /* sequential reference */
  int rx = 1, ok = 1;
  for (int i = 0; i < STEPS; i++) {
    rx = (rx * 3 + i) % 10007;
    ok &= snap[i] == rx;
  }
  printf("x %d ref %d\n", x, rx);
  printf("y %d\n", y);
  printf("snapshots ok %d\n", ok);
  printf("snap[0] %d snap[49] %d\n", snap[0], snap[49]);
  return 0;
}
