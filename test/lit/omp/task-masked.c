// RUN: %omp-check %s
// Tasks created inside "masked" (with and without filter(0)) run and are waited for by taskwait and by the region barrier.
#include <stdio.h>
#include <omp.h>

#define N 32

int main(void) {
  int v[N] = {0};
  int w[N] = {0};
  int count = 0;

#pragma omp parallel shared(v, w, count)
  {
#pragma omp masked
    {
      for (int i = 0; i < N; i++) {
#pragma omp task shared(v)
        v[i] = 3 * i;
      }
#pragma omp taskwait
      int s = 0;
      for (int i = 0; i < N; i++)
        s += v[i];
      printf("masked sum %d\n", s);
    }
#pragma omp barrier
#pragma omp masked filter(0)
    {
      for (int i = 0; i < N; i++) {
#pragma omp task shared(w, v, count)
        {
          w[i] = v[i] + 1;
#pragma omp atomic
          count++;
        }
      }
    }
  }

  int s = 0;
  for (int i = 0; i < N; i++)
    s += w[i];
  printf("filtered sum %d count %d\n", s, count);
  return 0;
}
