// RUN: %omp-check %s
// Tasks created in the body of a parallel for loop (by whichever thread runs the iteration) complete by the loop's barrier or by taskwait in the body.
#include <stdio.h>
#include <omp.h>

#define N 40

int main(void) {
  int sq[N], cube[N], pair[N];
  long sum = 0;

  /* one task per iteration; the barrier at the end of "for" waits */
#pragma omp parallel for schedule(dynamic, 3)
  for (int i = 0; i < N; i++) {
#pragma omp task shared(sq) firstprivate(i)
    sq[i] = i * i;
  }

  /* tasks depending on each other inside one iteration, then taskwait */
#pragma omp parallel for reduction(+: sum)
  for (int i = 0; i < N; i++) {
    int v = 0;
#pragma omp task depend(out: v) shared(v, sq) firstprivate(i)
    v = sq[i] * i;
#pragma omp task depend(inout: v) shared(v)
    v = v + 1;
#pragma omp taskwait
    cube[i] = v;
    sum += v;
  }

  /* a for construct inside a parallel region; tasks with child tasks */
  int leaves = 0;
#pragma omp parallel
  {
#pragma omp for schedule(static)
    for (int i = 0; i < N; i++) {
#pragma omp task shared(pair, leaves) firstprivate(i)
      {
        pair[i] = 0;
        for (int k = 0; k < 2; k++) {
#pragma omp task shared(pair, leaves) firstprivate(i, k)
          {
#pragma omp atomic
            pair[i] += i + k;
#pragma omp atomic
            leaves++;
          }
        }
      }
    }
    /* the for's barrier waits for the tasks and their children */
  }

  long s1 = 0, s3 = 0;
  for (int i = 0; i < N; i++) {
    s1 += sq[i];
    s3 += pair[i];
  }
  printf("sq sum %ld cube sum %ld ok %d\n", s1, sum, cube[N - 1] == 59320);
  printf("pair sum %ld leaves %d\n", s3, leaves);
  return 0;
}
