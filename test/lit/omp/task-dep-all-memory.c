// RUN: %omp-check %s
// omp_all_memory: a task that depends on all memory comes after every
// earlier sibling with a depend clause and before every later one; tasks
// without depend clauses are not ordered by it.
#include <omp.h>
#include <stdio.h>

#define N 8

int main(void) {
  int a[N] = {0}, snapshot[N] = {0};
  int total = 0, after = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < N; i++) {
#pragma omp task depend(out : a[i]) firstprivate(i)
      {
        for (volatile int k = 0; k < 20000 * (N - i); k++)
          ;
        a[i] = i + 1;
      }
    }
    /* reads every a[i]: must see all of them written */
#pragma omp task depend(inout : omp_all_memory) shared(total)
    {
      for (int i = 0; i < N; i++) {
        snapshot[i] = a[i];
        total += a[i];
      }
    }
    for (int i = 0; i < N; i++) {
      /* come after the all-memory task: overwrite what it read */
#pragma omp task depend(inout : a[i]) firstprivate(i)
      a[i] = -1;
    }
#pragma omp task depend(in : a[0]) shared(after)
    after = a[0];
#pragma omp taskwait
    /* an undeferred task that depends on all memory */
#pragma omp task depend(out : omp_all_memory) if (0) shared(total)
    total += 1000;
  }
  int ok = 1;
  for (int i = 0; i < N; i++)
    ok = ok && snapshot[i] == i + 1 && a[i] == -1;
  printf("snapshot and overwrite ordered: %d\n", ok);
  printf("total: %d, after: %d\n", total, after);
  return 0;
}
