// RUN: %omp-check %s
// Checks reduction clauses on for constructs inside a parallel region, including reuse and multiple variables.
#include <omp.h>
#include <stdio.h>

int main(void) {
  long s = 0, sq = 0;
  int cnt = 0, mx = 0;
  unsigned long long h = 0;

#pragma omp parallel
  {
#pragma omp for reduction(+ : s, sq) reduction(max : mx)
    for (int i = 1; i <= 1000; i++) {
      s += i;
      sq += (long)i * i;
      if (i % 97 > mx)
        mx = i % 97;
    }
    /* second worksharing loop reducing into a different variable */
#pragma omp for reduction(+ : cnt) schedule(dynamic, 8)
    for (int i = 0; i < 1000; i++)
      if (i % 3 == 0 || i % 5 == 0)
        cnt++;
#pragma omp for reduction(^ : h) schedule(guided)
    for (int i = 0; i < 512; i++)
      h ^= (unsigned long long)i * 0x9E3779B97F4A7C15ull;
  }
  printf("sum=%ld sumsq=%ld max=%d\n", s, sq, mx);
  printf("multiples of 3 or 5: %d\n", cnt);
  printf("xor hash: %llx\n", h);

  /* reduction variable with a non-zero initial value, reduced twice */
  int acc = 5;
  for (int rep = 0; rep < 2; rep++) {
#pragma omp parallel for reduction(+ : acc)
    for (int i = 0; i < 10; i++)
      acc += i;
  }
  printf("acc=%d\n", acc);
  return 0;
}
