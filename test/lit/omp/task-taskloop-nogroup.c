// RUN: %omp-check %s
// taskloop nogroup does not wait; an explicit taskwait or an enclosing taskgroup completes its tasks.
#include <stdio.h>
#include <omp.h>

#define N 300

int main(void) {
  int a[N], b[N], c[N];
  long sa = 0, sb = 0, sc = 0;

#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop nogroup grainsize(16) shared(a)
    for (int i = 0; i < N; i++)
      a[i] = i + 1;
    /* the loop tasks are children of this task: taskwait waits for them */
#pragma omp taskwait
    for (int i = 0; i < N; i++)
      sa += a[i];

#pragma omp taskgroup
    {
#pragma omp taskloop nogroup num_tasks(5) shared(a, b)
      for (int i = 0; i < N; i++)
        b[i] = a[i] * 2;
#pragma omp taskloop nogroup num_tasks(3) shared(c)
      for (int i = 0; i < N; i++)
        c[i] = i % 4;
    }
    for (int i = 0; i < N; i++) {
      sb += b[i];
      sc += c[i];
    }

    /* nogroup taskloop inside a task: the task's taskwait waits */
    long inner = 0;
#pragma omp task shared(inner)
    {
      int d[50];
#pragma omp taskloop nogroup grainsize(7) shared(d)
      for (int i = 0; i < 50; i++)
        d[i] = i * i;
#pragma omp taskwait
      for (int i = 0; i < 50; i++)
        inner += d[i];
    }
#pragma omp taskwait
    printf("inner %ld\n", inner);
  }
  printf("sa %ld sb %ld sc %ld\n", sa, sb, sc);
  return 0;
}
