/* A parallel histogram as textbooks write it: every thread increments
 * shared bins with `#pragma omp atomic`, no `#pragma hcc`.
 *   histogram [N]   (default 20,000,000 values into 16 bins)
 * Prints "histogram: n=.. sum=.. ok" (or FAILED) and exits 0 when ok. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { kBins = 16 };

int main(int argc, char **argv) {
  const long n = argc > 1 ? atol(argv[1]) : 20000000;
  long bins[kBins] = {0};
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) {
    uint64_t x = (uint64_t)i * 0x9E3779B97F4A7C15ull;
    x ^= x >> 29;
#pragma omp atomic
    bins[x % kBins]++;
  }
  long sum = 0;
  for (int b = 0; b < kBins; b++) sum += bins[b];
  printf("histogram: n=%ld sum=%ld %s\n", n, sum, sum == n ? "ok" : "FAILED");
  return sum == n ? 0 : 1;
}
