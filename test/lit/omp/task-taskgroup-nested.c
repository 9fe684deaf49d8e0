// RUN: %omp-check %s
// taskgroup waits for all descendant tasks (children, grandchildren and deeper), and nested taskgroups, also inside a task, complete their inner work first.
#include <stdio.h>
#include <omp.h>

#define N 6

static int leaves[N][N];

static void spawn(int i) {
  for (int j = 0; j < N; j++) {
#pragma omp task firstprivate(i, j) /* grandchild of the group's task */
    {
#pragma omp task firstprivate(i, j) /* great-grandchild */
      leaves[i][j] = i * 10 + j;
    }
  }
}

int main(void) {
  int inner_sum = -1, outer_sum = -1, done_outer = 0;

#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup
    {
      for (int i = 0; i < N / 2; i++) {
#pragma omp task firstprivate(i)
        spawn(i); /* returns without waiting */
      }
#pragma omp taskgroup
      {
        for (int i = N / 2; i < N; i++) {
#pragma omp task firstprivate(i)
          spawn(i);
        }
      }
      /* inner group done: rows N/2..N-1 are complete */
      int s = 0;
      for (int i = N / 2; i < N; i++)
        for (int j = 0; j < N; j++)
          s += leaves[i][j];
      inner_sum = s;
    }
    /* outer group done: every row is complete */
    int s = 0;
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        s += leaves[i][j];
    outer_sum = s;
    done_outer = 1;

    /* a taskgroup inside a task, waiting for that task's descendants */
    int in_task = 0;
#pragma omp task shared(in_task)
    {
#pragma omp taskgroup
      {
        for (int k = 1; k <= 4; k++) {
#pragma omp task shared(in_task) firstprivate(k)
          {
#pragma omp task shared(in_task) firstprivate(k)
            {
#pragma omp atomic
              in_task += k;
            }
          }
        }
      }
      in_task *= 100;
    }
#pragma omp taskwait
    printf("in_task %d\n", in_task);
  }
  printf("inner %d outer %d done %d\n", inner_sum, outer_sum, done_outer);
  return 0;
}
