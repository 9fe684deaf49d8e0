// RUN: %omp-check %s
// "taskwait depend(in: x)" waits only for the earlier sibling tasks that write x (and "depend(out: y)" also for readers), then reads the value.
#include <stdio.h>
#include <omp.h>

int main(void) {
  int x = 0, y = 0, z = 0;
  int seen_x = -1, seen_y = -1, late_z = -1;

#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: x) shared(x)
    x = 5;
#pragma omp task depend(inout: x) shared(x)
    x = x * 7;
#pragma omp task depend(out: y) shared(y)
    y = 3;
#pragma omp task depend(in: y) depend(out: z) shared(y, z)
    z = y + 1;

#pragma omp taskwait depend(in: x)
    seen_x = x; /* both writers of x are complete */

#pragma omp taskwait depend(out: y)
    /* the writer of y and the reader of y (the z task) are complete */
    seen_y = y;
    late_z = z;

    for (int k = 0; k < 5; k++) {
#pragma omp task depend(inout: x) shared(x) firstprivate(k)
      x = x * 2 + k;
    }
#pragma omp taskwait depend(inout: x)
    printf("x after loop %d\n", x);

    /* taskwait depend with several items at once */
#pragma omp task depend(out: y) shared(y)
    y = 100;
#pragma omp task depend(out: z) shared(z)
    z = 200;
#pragma omp taskwait depend(in: y, z)
    printf("y+z %d\n", y + z);
  }
  printf("seen_x %d seen_y %d late_z %d\n", seen_x, seen_y, late_z);
  return 0;
}
