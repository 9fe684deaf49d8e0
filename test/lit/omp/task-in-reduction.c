// RUN: %omp-check %s
// taskgroup task_reduction(+: s) and task_reduction(max: m) with in_reduction tasks (also nested ones) give the exact sum and maximum.
#include <stdio.h>
#include <omp.h>

#define N 100

static int val(int i) { return (i * 7919) % 1009; }

int main(void) {
  long s = 10;
  int m = -5;
  long s2 = 0;

#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+: s) task_reduction(max: m)
    {
      for (int i = 0; i < N; i++) {
#pragma omp task in_reduction(+: s) in_reduction(max: m) firstprivate(i)
        {
          s += val(i);
          if (val(i) > m)
            m = val(i);
        }
      }
      /* a participating task (in every reduction its children join) that
         creates participating children */
#pragma omp task in_reduction(+: s) in_reduction(max: m)
      {
        s += 1000000;
        for (int k = 0; k < 3; k++) {
#pragma omp task in_reduction(+: s) in_reduction(max: m) firstprivate(k)
          {
            s += k;
            m = m > 2000 + k ? m : 2000 + k;
          }
        }
      }
    }

    /* a taskloop participating in a task reduction via in_reduction */
#pragma omp taskgroup task_reduction(+: s2)
    {
#pragma omp taskloop in_reduction(+: s2) grainsize(10)
      for (int i = 0; i < N; i++)
        s2 += i * i;
#pragma omp task in_reduction(+: s2)
      s2 += 1;
    }
  }

  long rs = 10;
  int rm = -5;
  for (int i = 0; i < N; i++) {
    rs += val(i);
    rm = val(i) > rm ? val(i) : rm;
  }
  rs += 1000000 + 0 + 1 + 2;
  rm = rm > 2002 ? rm : 2002;
  printf("s %ld m %d s2 %ld\n", s, m, s2);
  printf("ok %d\n", s == rs && m == rm && s2 == 328351);
  return 0;
}
