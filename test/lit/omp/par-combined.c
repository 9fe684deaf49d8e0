// RUN: %omp-check %s
// Checks the combined parallel for and parallel sections constructs with clauses.
#include <omp.h>
#include <stdio.h>

#define N 500

int main(void) {
  int a[N];
  long sum = 0;
  int last = -1;

#pragma omp parallel for schedule(static, 8)
  for (int i = 0; i < N; i++)
    a[i] = 3 * i - 100;

#pragma omp parallel for reduction(+ : sum) lastprivate(last) schedule(guided, 4)
  for (int i = 0; i < N; i++) {
    sum += a[i];
    last = a[i];
  }
  printf("parallel for: sum %ld last %d\n", sum, last);

  int x = 0, y = 0, z = 0, lp = 0, total = 0;
  int base = 10;
#pragma omp parallel sections firstprivate(base) lastprivate(lp) reduction(+ : total)
  {
#pragma omp section
    {
      x = base + 1;
      lp = 1;
      total += 100;
    }
#pragma omp section
    {
      y = base + 2;
      lp = 2;
      total += 20;
    }
#pragma omp section
    {
      z = base + 3;
      lp = 3;
      total += 3;
    }
  }
  printf("parallel sections: x %d y %d z %d lastprivate %d total %d\n", x, y, z, lp, total);

  /* combined construct with if(false) and a collapse */
  long s2 = 0;
  int n = N;
#pragma omp parallel for if (n < 0) collapse(2) reduction(+ : s2)
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 10; j++)
      s2 += (long)i * j + omp_get_num_threads();
  printf("parallel for if(false) collapse: %ld\n", s2);
  return 0;
}
