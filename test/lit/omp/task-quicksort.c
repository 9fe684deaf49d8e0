// RUN: %omp-check %s
// Parallel quicksort: after partitioning, each side is sorted by its own task (no taskwait inside; a taskgroup waits for all descendants).
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

#define N 30000

static void swap(int *a, int i, int j) {
  int t = a[i];
  a[i] = a[j];
  a[j] = t;
}

static void qsort_task(int *a, int lo, int hi) { /* sorts a[lo..hi] */
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    swap(a, mid, hi);
    int pivot = a[hi], store = lo;
    for (int i = lo; i < hi; i++)
      if (a[i] < pivot)
        swap(a, i, store++);
    swap(a, store, hi);
    /* left part in a new task (if big enough), right part in this loop */
    if (store - lo > 500) {
#pragma omp task firstprivate(a, lo, store)
      qsort_task(a, lo, store - 1);
    } else {
      qsort_task(a, lo, store - 1);
    }
    lo = store + 1;
  }
}

int main(void) {
  int *a = malloc(N * sizeof(int));
  long sum0 = 0, sum1 = 0;
  unsigned s = 7;
  for (int i = 0; i < N; i++) {
    s = s * 1664525u + 1013904223u;
    a[i] = (int)((s >> 10) % 50000) - 25000;
    sum0 += (long)a[i] * (a[i] % 13);
  }
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup
    qsort_task(a, 0, N - 1);
  }
  int sorted = 1;
  for (int i = 0; i < N; i++) {
    if (i && a[i - 1] > a[i])
      sorted = 0;
    sum1 += (long)a[i] * (a[i] % 13);
  }
  printf("sorted %d checksum same %d\n", sorted, sum0 == sum1);
  printf("a[0] %d a[N/3] %d a[N-1] %d\n", a[0], a[N / 3], a[N - 1]);
  free(a);
  return 0;
}
