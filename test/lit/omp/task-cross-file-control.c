// RUN: %omp-check %s
// A task whose body calls a function of another file that creates and waits for tasks (through a second function there): the compiler marks the task as control code across translation units, so a simulation runs its body and counts the tasks it creates (the check compares the simulated task count with the instrumented run's).
// EXTRA: Inputs/task-cross-file-control-lib.c
#include <stdio.h>

long tree_sum(const long *v, int lo, int hi);  /* in the other file: creates tasks */
void scale_all(long *v, int n, long by);       /* in the other file: calls a function that creates tasks */

#define N 64

int main(void) {
  long v[N], total = 0;
  for (int i = 0; i < N; i++)
    v[i] = i + 1;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(v) depend(inout: v)
    scale_all(v, N, 3);
#pragma omp task shared(v, total) depend(in: v)
    total = tree_sum(v, 0, N);
#pragma omp taskwait
  }
  printf("total=%ld\n", total);
  return 0;
}
