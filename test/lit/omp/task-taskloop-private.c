// RUN: %omp-check %s
// taskloop firstprivate gives each task a copy initialised from the original; lastprivate returns the value of the sequentially last iteration.
#include <stdio.h>
#include <omp.h>

#define N 100

int main(void) {
  int base = 1000;
  int last = -1, lastsq = -1, idx = -1;
  int out[N];
  int tbl[4] = {1, 2, 3, 4};

#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop firstprivate(base, tbl) lastprivate(last) shared(out) grainsize(9)
    for (int i = 0; i < N; i++) {
      out[i] = base + i * tbl[i % 4];
      tbl[0] = 0;      /* writes go to this task's copy */
      last = out[i];
    }

    int k;
#pragma omp taskloop lastprivate(k, lastsq) num_tasks(4)
    for (k = 0; k < N; k += 7)
      lastsq = k * k;
    idx = k;   /* value after the last iteration: 98 + 7 */

    int prv = 5;
#pragma omp taskloop private(prv) shared(out) num_tasks(10)
    for (int i = 0; i < N; i++) {
      prv = i * 3;
      out[i] += prv;
    }
    printf("prv after %d tbl0 after %d\n", prv, tbl[0]);
  }

  long s = 0;
  for (int i = 0; i < N; i++)
    s += out[i];
  printf("last %d lastsq %d k %d sum %ld\n", last, lastsq, idx, s);
  return 0;
}
