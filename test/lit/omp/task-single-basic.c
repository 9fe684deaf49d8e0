// RUN: %omp-check %s
// Tasks created in parallel+single write distinct slots; taskwait and the barrier make all results visible.
#include <stdio.h>
#include <omp.h>

#define N 64

int main(void) {
  int a[N];
  long total = 0;
  int created = 0, disagree = 0;
  for (int i = 0; i < N; i++)
    a[i] = -1;

#pragma omp parallel shared(a, total, created)
  {
#pragma omp single
    {
      for (int i = 0; i < N; i++) {
#pragma omp task firstprivate(i) shared(a)
        a[i] = i * i + 1;
        created++;
      }
#pragma omp taskwait
      for (int i = 0; i < N; i++)
        total += a[i];
      printf("after taskwait: created %d total %ld\n", created, total);
    }
    /* implicit barrier of single: every thread sees the same total */
    long seen = 0;
    for (int i = 0; i < N; i++)
      seen += a[i];
    if (seen != total) {
#pragma omp atomic
      disagree++;
    }
  }

  int bad = 0;
  for (int i = 0; i < N; i++)
    if (a[i] != i * i + 1)
      bad++;
  printf("bad %d disagree %d\n", bad, disagree);
  printf("a[0]=%d a[10]=%d a[63]=%d\n", a[0], a[10], a[63]);
  printf("ok %d\n", total == 85408);
  return 0;
}
