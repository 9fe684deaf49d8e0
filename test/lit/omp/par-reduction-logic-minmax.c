// RUN: %omp-check %s
// Checks && || max and min reductions on parallel and for constructs over int and double.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int all_pos = 1, any_big = 0, all_small = 1, any_neg = 0;
  int imax = -1000, imin = 1000;
  double dmax = -1.0e9, dmin = 1.0e9;
  int data[100];
  for (int i = 0; i < 100; i++)
    data[i] = (i * 37) % 101 - 20; /* values in [-20, 80] */

#pragma omp parallel reduction(&& : all_pos) reduction(|| : any_big) \
    reduction(max : imax) reduction(min : imin, dmin) reduction(max : dmax)
  {
#pragma omp for
    for (int i = 0; i < 100; i++) {
      all_pos = all_pos && (data[i] > -21);
      any_big = any_big || (data[i] > 75);
      if (data[i] > imax) imax = data[i];
      if (data[i] < imin) imin = data[i];
      double d = data[i] * 0.25;
      dmax = d > dmax ? d : dmax;
      dmin = d < dmin ? d : dmin;
    }
  }

#pragma omp parallel for reduction(&& : all_small) reduction(|| : any_neg)
  for (int i = 0; i < 100; i++) {
    all_small = all_small && (data[i] < 50);
    any_neg = any_neg || (data[i] < -100);
  }

  printf("all > -21: %d\n", all_pos);
  printf("any > 75: %d\n", any_big);
  printf("all < 50: %d\n", all_small);
  printf("any < -100: %d\n", any_neg);
  printf("int max=%d min=%d\n", imax, imin);
  printf("double max=%.2f min=%.2f\n", dmax, dmin);

  /* && / || results are normalised to 0 or 1 */
  int land = 5, lor = 0, seven = 7, three = 3;
#pragma omp parallel reduction(&& : land) reduction(|| : lor) firstprivate(seven, three)
  {
    land = land && seven;
    lor = lor || three;
  }
  printf("land=%d lor=%d\n", land, lor);
  return 0;
}
