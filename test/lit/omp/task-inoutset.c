// RUN: %omp-check %s
// depend(inoutset) tasks form a set ordered after the preceding writer and before the following readers, and sets separated by readers are ordered.
#include <stdio.h>
#include <omp.h>

#define K 8

int main(void) {
  int x = 0;
  int snap1 = -1, snap2 = -1, snap3 = -1;
  int part[K];

#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: x) shared(x)
    x = 100;
    /* members of a set may run concurrently: atomic updates only */
    for (int k = 0; k < K; k++) {
#pragma omp task depend(inoutset: x) shared(x, part) firstprivate(k)
      {
        part[k] = k * k;
#pragma omp atomic
        x += k + 1;
      }
    }
#pragma omp task depend(in: x) shared(x, snap1, part)
    {
      int s = 0;
      for (int k = 0; k < K; k++)
        s += part[k];
      snap1 = x * 1000 + s;
    }
#pragma omp task depend(in: x) shared(x, snap2)
    snap2 = x;
    /* second set must wait for both readers */
    for (int k = 0; k < K; k++) {
#pragma omp task depend(inoutset: x) shared(x) firstprivate(k)
      {
#pragma omp atomic
        x += 1000;
      }
    }
#pragma omp task depend(inout: x) shared(x, snap3)
    {
      snap3 = x;
      x = -x;
    }
  }
  printf("snap1 %d snap2 %d snap3 %d x %d\n", snap1, snap2, snap3, x);
  printf("ok %d\n", snap1 == 136140 && snap2 == 136 && snap3 == 8136 && x == -8136);
  return 0;
}
