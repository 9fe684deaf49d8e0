// RUN: %omp-check %s
// Checks for loops with unsigned, long long, unsigned long long and char-sized induction variables.
#include <omp.h>
#include <stdio.h>
#include <stdint.h>

int main(void) {
  unsigned long long s1 = 0, s2 = 0, s3 = 0, s4 = 0;
  int c1 = 0, c2 = 0, c3 = 0, c4 = 0;

  /* unsigned counting down to zero without going below it */
#pragma omp parallel for reduction(+ : s1, c1)
  for (unsigned u = 200u; u > 0u; u -= 2u) {
    s1 += u;
    c1++;
  }

  /* long long with values beyond 32 bits */
#pragma omp parallel for reduction(+ : s2, c2) schedule(dynamic, 16)
  for (long long x = 5000000000LL; x < 5000001000LL; x += 3) {
    s2 += (unsigned long long)(x - 5000000000LL);
    c2++;
  }

  /* unsigned 64-bit near the top of its range */
#pragma omp parallel for reduction(+ : s3, c3) schedule(static, 5)
  for (uint64_t v = UINT64_MAX - 99; v > UINT64_MAX - 200; v--) {
    s3 += UINT64_MAX - v;
    c3++;
  }

  /* unsigned bounds that straddle 2^31 */
#pragma omp parallel for reduction(+ : s4, c4) schedule(guided, 4)
  for (unsigned w = 2147483600u; w < 2147483700u; w++) {
    s4 += w - 2147483600u;
    c4++;
  }

  printf("unsigned down: count %d sum %llu\n", c1, s1);
  printf("long long: count %d sum %llu\n", c2, s2);
  printf("uint64 near max: count %d sum %llu\n", c3, s3);
  printf("unsigned across 2^31: count %d sum %llu\n", c4, s4);

  long long last = 0;
#pragma omp parallel for lastprivate(last)
  for (long long x = -3000000000LL; x < 3000000000LL; x += 1000000007LL)
    last = x;
  printf("long long last: %lld\n", last);
  return 0;
}
