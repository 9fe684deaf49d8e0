/* The allocation functions' bookkeeping in a simulation (their table of
 * blocks, the native heap's model) is the simulator's time, not the
 * program's: a loop of allocations is charged less than the CPU time it
 * takes in the simulation (natively it has none of that work), and not
 * nothing. Prints "cpu=<the loop's thread CPU seconds, the real clock>
 * charged=<its simulated seconds>". */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts); /* a CPU-time clock: the real one in a simulation */
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(void) {
  char *kept[64] = {0};
  long sum = 0;
  const double start = omp_get_wtime(), cpu_start = cpu_seconds();
  for (int i = 0; i < 400000; ++i) {
    const size_t n = 1100 + (size_t)(i * 7919) % 30000;
    char *p = malloc(n);
    p[0] = (char)i;
    p[n - 1] = 1;
    sum += p[0] + p[n - 1];
    free(kept[i % 64]);
    kept[i % 64] = p;
  }
  const double cpu = cpu_seconds() - cpu_start, charged = omp_get_wtime() - start;
  for (int k = 0; k < 64; ++k) free(kept[k]);
  printf("cpu=%.6f charged=%.6f sum=%ld\n", cpu, charged, sum);
  return 0;
}
