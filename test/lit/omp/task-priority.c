// RUN: %omp-check %s
// The priority clause is only a hint: tasks with different priorities (and priority on taskloop) all run and give the same results.
#include <stdio.h>
#include <omp.h>

#define N 64

int main(void) {
  int r[N];
  long sum = 0, loop_sum = 0;
  int chain = 1;

#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < N; i++) {
      int p = i % 5;
#pragma omp task priority(p) shared(r) firstprivate(i)
      r[i] = i * (i % 5 + 1);
    }
    /* priorities must not break dependences: low priority writer first */
    for (int k = 0; k < 10; k++) {
#pragma omp task priority(10 - k) depend(inout: chain) shared(chain) firstprivate(k)
      chain = chain * 2 + k;
    }
#pragma omp taskloop priority(3) grainsize(8) reduction(+: loop_sum)
    for (int i = 0; i < 100; i++)
      loop_sum += i;
#pragma omp taskwait
    for (int i = 0; i < N; i++)
      sum += r[i];
  }
  int ref = 1;
  for (int k = 0; k < 10; k++)
    ref = ref * 2 + k;
  printf("sum %ld loop_sum %ld chain %d ok %d\n", sum, loop_sum, chain, chain == ref);
  printf("max priority is non-negative %d\n", omp_get_max_task_priority() >= 0);
  return 0;
}
