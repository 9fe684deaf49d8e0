// RUN: %omp-check %s
// Tasks created outside any parallel region (by the initial thread) honour depend, taskwait and taskgroup.
#include <stdio.h>
#include <omp.h>

static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }

int main(void) {
  int x = 1, y = 0, z = 0;
  int arr[8];

#pragma omp task depend(out: x) shared(x)
  x = 10;
#pragma omp task depend(inout: x) shared(x)
  x = x * 3 + 1;
#pragma omp task depend(in: x) depend(out: y) shared(x, y)
  y = x + 100;
#pragma omp task depend(in: x, y) depend(out: z) shared(x, y, z)
  z = x * y;
#pragma omp taskwait
  printf("x %d y %d z %d\n", x, y, z);

#pragma omp taskgroup
  {
    for (int i = 0; i < 8; i++) {
#pragma omp task shared(arr)
      {
#pragma omp task shared(arr)
        arr[i] = fact(i);
      }
    }
  }
  int s = 0;
  for (int i = 0; i < 8; i++)
    s += arr[i];
  printf("sum of factorials %d\n", s);

  int level = -1;
#pragma omp task shared(level)
  level = omp_get_level();
#pragma omp taskwait
  printf("level %d in_parallel %d\n", level, omp_in_parallel());
  return 0;
}
