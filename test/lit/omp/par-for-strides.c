// RUN: %omp-check %s
// Checks for loops with negative strides, non-unit steps, <= and >= bounds and non-zero start values.
#include <omp.h>
#include <stdio.h>

int main(void) {
  long s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0;
  int c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0;

#pragma omp parallel
  {
#pragma omp for reduction(+ : s1, c1)
    for (int i = 99; i >= 0; i--) {
      s1 += i;
      c1++;
    }
#pragma omp for reduction(+ : s2, c2) schedule(static, 4)
    for (int i = 100; i > -50; i -= 7) {
      s2 += i;
      c2++;
    }
#pragma omp for reduction(+ : s3, c3) schedule(dynamic, 2)
    for (int i = 3; i <= 300; i += 3) {
      s3 += i;
      c3++;
    }
#pragma omp for reduction(+ : s4, c4) schedule(guided)
    for (int i = -1000; i < 1000; i += 13) {
      s4 += i;
      c4++;
    }
  }

  /* step is a run-time variable */
  int step = 5;
#pragma omp parallel for reduction(+ : s5, c5)
  for (int i = 1; i < 77; i += step) {
    s5 += i;
    c5++;
  }

  printf("down by 1: count %d sum %ld\n", c1, s1);
  printf("down by 7: count %d sum %ld\n", c2, s2);
  printf("up by 3 inclusive: count %d sum %ld\n", c3, s3);
  printf("up by 13 from negative: count %d sum %ld\n", c4, s4);
  printf("runtime step 5: count %d sum %ld\n", c5, s5);

  int last = 0;
#pragma omp parallel for lastprivate(last)
  for (int i = 50; i > 0; i -= 6)
    last = i;
  printf("last of down by 6: %d\n", last);
  return 0;
}
