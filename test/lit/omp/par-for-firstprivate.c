// RUN: %omp-check %s
// Checks firstprivate on for constructs: each thread's copy starts from the original value, original is unchanged.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int base = 10;
  int arr[3] = {1, 2, 3};
  int bad = 0;
  long sum = 0;

#pragma omp parallel shared(bad, sum)
  {
    int seen_first = 1;
#pragma omp for firstprivate(base, arr) schedule(static) reduction(+ : sum)
    for (int i = 0; i < 40; i++) {
      if (seen_first) {
        if (base != 10 || arr[0] != 1 || arr[1] != 2 || arr[2] != 3) {
#pragma omp atomic write
          bad = 1;
        }
        seen_first = 0;
      }
      base += 1000;   /* private copy */
      arr[i % 3] += 1;
      sum += i;
    }
  }
  printf("copies initialised: %d\n", !bad);
  printf("original scalar: %d\n", base);
  printf("original array: %d %d %d\n", arr[0], arr[1], arr[2]);
  printf("sum: %ld\n", sum);

  /* firstprivate on parallel for with a pointer: copy of the pointer, shared array */
  int dest[8] = {0};
  int *p = dest;
#pragma omp parallel for firstprivate(p)
  for (int i = 0; i < 8; i++)
    p[i] = i * 11;
  int t = 0;
  for (int i = 0; i < 8; i++)
    t += dest[i];
  printf("through firstprivate pointer: %d\n", t);
  return 0;
}
