// RUN: %omp-check %s
// Checks reductions on parallel for over long, unsigned (with wrap-around), long long and exact double values.
#include <omp.h>
#include <stdio.h>
#include <stdint.h>

int main(void) {
  long lsum = 0;
  unsigned usum = 0u;
  unsigned uwrap = 4294967000u;
  long long llprod = 1;
  double dsum = 0.0;
  uint64_t xsum = 0;
  long lmax = -1;

#pragma omp parallel for reduction(+ : lsum, usum, uwrap, dsum) reduction(max : lmax)
  for (int i = 0; i < 1000; i++) {
    lsum += (long)i * 1000000L;
    usum += (unsigned)i * 3u;
    uwrap += 1u;          /* wraps past UINT_MAX */
    dsum += i * 0.5;      /* every partial sum is exact */
    if ((long)i * 7 % 1000 > lmax)
      lmax = (long)i * 7 % 1000;
  }

#pragma omp parallel for reduction(* : llprod)
  for (int i = 1; i <= 20; i++)
    llprod *= (i % 4 == 0) ? 2 : 1;

#pragma omp parallel for reduction(^ : xsum)
  for (int i = 0; i < 64; i++)
    xsum ^= (uint64_t)1 << i;

  printf("long sum: %ld\n", lsum);
  printf("unsigned sum: %u\n", usum);
  printf("unsigned wrap: %u\n", uwrap);
  printf("long long prod: %lld\n", llprod);
  printf("double sum: %.1f\n", dsum);
  printf("uint64 xor: %llx\n", (unsigned long long)xsum);
  printf("long max: %ld\n", lmax);
  return 0;
}
