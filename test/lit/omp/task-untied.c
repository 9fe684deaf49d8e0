// RUN: %omp-check %s
// untied tasks (also recursive ones, with taskwait and taskyield scheduling points inside) compute the same results as tied ones.
#include <stdio.h>
#include <omp.h>

static long tri(int n) {
  if (n < 8)
    return (long)n * (n + 1) / 2;
  long a = 0, b = 0;
#pragma omp task untied shared(a) firstprivate(n)
  a = tri(n / 2);
#pragma omp task untied shared(b) firstprivate(n)
  b = tri(n - n / 2) + (long)(n / 2) * (n - n / 2);
#pragma omp taskwait
  return a + b;
}

int main(void) {
  long t = 0;
  int parts[16];
  long total = 0;

#pragma omp parallel
#pragma omp single
  {
#pragma omp task untied shared(t)
    t = tri(1000);

    for (int k = 0; k < 16; k++) {
#pragma omp task untied shared(parts) firstprivate(k)
      {
        int acc = 0;
        for (int step = 0; step < 4; step++) {
          acc += k * step;
#pragma omp taskyield
        }
        parts[k] = acc;
      }
    }
#pragma omp taskwait
    for (int k = 0; k < 16; k++)
      total += parts[k];
  }
  printf("tri(1000) %ld ok %d\n", t, t == 500500);
  printf("total %ld\n", total);
  return 0;
}
