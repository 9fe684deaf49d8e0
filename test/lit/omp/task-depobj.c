// RUN: %omp-check %s
// depend objects (omp_depend_t): depobj init with out, use in depend(depobj:), depobj update(in) and destroy; mixed with plain depend items.
#include <stdio.h>
#include <omp.h>

int main(void) {
  int x = 0, y = 0;
  int r[4] = {0, 0, 0, 0};
  omp_depend_t ox, oy;

#pragma omp parallel
#pragma omp single
  {
#pragma omp depobj(ox) depend(out: x)
#pragma omp depobj(oy) depend(inout: y)

#pragma omp task depend(depobj: ox) shared(x)
    x = 7;
#pragma omp task depend(depobj: oy) depend(in: x) shared(x, y)
    y = x * 10;
#pragma omp task depend(depobj: ox) shared(x)
    x = x + 1; /* out again: after the writer and after the reader above */

    /* from now on tasks using ox only read x */
#pragma omp depobj(ox) update(in)
    for (int k = 0; k < 4; k++) {
#pragma omp task depend(depobj: ox) shared(x, r) firstprivate(k)
      r[k] = x * (k + 1);
    }
    /* a plain writer of x waits for the depobj readers */
#pragma omp task depend(out: x) shared(x)
    x = -1;
#pragma omp task depend(depobj: oy) shared(y)
    y = y + 5;
#pragma omp taskwait
#pragma omp depobj(ox) destroy
#pragma omp depobj(oy) destroy
  }
  printf("x %d y %d\n", x, y);
  printf("r %d %d %d %d\n", r[0], r[1], r[2], r[3]);
  return 0;
}
