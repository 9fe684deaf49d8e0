// RUN: %omp-check %s
// taskyield inside tasks (and in the creating task) is only a scheduling point: all work still completes with the same results.
#include <stdio.h>
#include <omp.h>

#define N 32

int main(void) {
  int part[N];
  long total = 0;
  int chain = 0;

#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < N; i++) {
#pragma omp task shared(part) firstprivate(i)
      {
        int acc = 0;
        for (int step = 0; step < 8; step++) {
          acc += (i + 1) * step;
          if (step % 2 == 0) {
#pragma omp taskyield
          }
        }
        part[i] = acc;
      }
      if (i % 8 == 7) {
#pragma omp taskyield
      }
    }
    /* taskyield inside tasks of a dependence chain */
    for (int k = 0; k < 10; k++) {
#pragma omp task depend(inout: chain) shared(chain) firstprivate(k)
      {
        int before = chain;
#pragma omp taskyield
        chain = before * 2 + k; /* no other chain task can run meanwhile */
      }
    }
#pragma omp taskwait
    for (int i = 0; i < N; i++)
      total += part[i];
  }
  printf("total %ld chain %d\n", total, chain);
  return 0;
}
