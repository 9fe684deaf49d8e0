// RUN: %omp-check %s
// default(shared), default(firstprivate) and default(none) on task give the expected sharing of variables.
#include <stdio.h>
#include <omp.h>

int main(void) {
  int a = 1, b = 2, c = 3;
  int r_shared = 0, r_fp = 0, r_none = 0;

#pragma omp parallel shared(a, b, c, r_shared, r_fp, r_none)
#pragma omp single
  {
    /* everything shared: the write to a is visible afterwards */
#pragma omp task default(shared)
    {
      a = a + 10;
      r_shared = a + b;
    }
#pragma omp taskwait

    /* firstprivate by default: b is captured now, later change ignored */
#pragma omp task default(firstprivate) shared(r_fp)
    {
      b = b * 100;  /* modifies the task's copy */
      r_fp = b + c;
    }
    b = -1;
    c = -1;
#pragma omp taskwait

    /* none: everything must be listed */
    int k = 4;
#pragma omp task default(none) shared(r_none, a) firstprivate(k)
    r_none = a * k;
    k = 0;
#pragma omp taskwait
  }

  printf("a %d b %d c %d\n", a, b, c);
  printf("r_shared %d r_fp %d r_none %d\n", r_shared, r_fp, r_none);
  return 0;
}
