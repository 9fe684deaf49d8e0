// RUN: %omp-check %s
// Parallel merge sort: two child tasks sort the halves, taskwait, then merge; the result is sorted and a permutation of the input.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>

#define N 20000

static void merge(int *a, int *tmp, int lo, int mid, int hi) {
  int i = lo, j = mid, k = lo;
  while (i < mid && j < hi)
    tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
  while (i < mid)
    tmp[k++] = a[i++];
  while (j < hi)
    tmp[k++] = a[j++];
  memcpy(a + lo, tmp + lo, (size_t)(hi - lo) * sizeof(int));
}

static void msort(int *a, int *tmp, int lo, int hi) {
  if (hi - lo < 2)
    return;
  int mid = lo + (hi - lo) / 2;
  if (hi - lo > 256) {
#pragma omp task firstprivate(a, tmp, lo, mid)
    msort(a, tmp, lo, mid);
#pragma omp task firstprivate(a, tmp, mid, hi)
    msort(a, tmp, mid, hi);
#pragma omp taskwait
  } else {
    msort(a, tmp, lo, mid);
    msort(a, tmp, mid, hi);
  }
  merge(a, tmp, lo, mid, hi);
}

int main(void) {
  int *a = malloc(N * sizeof(int)), *tmp = malloc(N * sizeof(int));
  unsigned seed = 12345;
  long sum_before = 0, sum_after = 0, xor_before = 0, xor_after = 0;
  for (int i = 0; i < N; i++) {
    seed = seed * 1103515245u + 12345u;
    a[i] = (int)((seed >> 8) % 100000);
    sum_before += a[i];
    xor_before ^= (long)a[i] * 2654435761u;
  }
#pragma omp parallel
#pragma omp single
  msort(a, tmp, 0, N);

  int sorted = 1;
  for (int i = 0; i < N; i++) {
    if (i > 0 && a[i - 1] > a[i])
      sorted = 0;
    sum_after += a[i];
    xor_after ^= (long)a[i] * 2654435761u;
  }
  printf("sorted %d same sum %d same xor %d\n", sorted, sum_before == sum_after, xor_before == xor_after);
  printf("min %d median %d max %d\n", a[0], a[N / 2], a[N - 1]);
  free(a);
  free(tmp);
  return 0;
}
