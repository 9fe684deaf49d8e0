/* A program whose heap is known to the byte (test/e2e/program_memory.sh):
 * the runtime's peak_mem must equal it, natively instrumented and
 * simulated, and a large block must be writable and readable in simulation
 * without the host's memory growing by its size (folded).
 *
 *   main <touch_mib>
 *
 * Prints the peak of its heap ("expected_peak=<bytes>"), how much its
 * resident memory grew while it wrote and read a block of touch_mib MiB,
 * and while it wrote a byte every 4 MiB of another. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

size_t cxx_allocations(void); /* objects.cpp: new, new[], aligned new; returns its peak */
void keep(void *p);            /* objects.cpp: the compiler cannot drop what it is given */

static double rss_mib(void) {
  long pages = 0, resident = 0;
  FILE *f = fopen("/proc/self/statm", "r");
  if (!f || fscanf(f, "%ld %ld", &pages, &resident) != 2) return -1;
  fclose(f);
  return (double)resident * (double)sysconf(_SC_PAGESIZE) / (1 << 20);
}

/* A kernel's scratch memory is the kernel's: not counted as the program's
 * (a simulation does not run kernels; tasks declare their memory). */
static void scratch(void) {
  char *s = malloc(5000000);
  keep(s);
  free(s);
}

int main(int argc, char **argv) {
  size_t touch = (argc > 1 ? (size_t)atol(argv[1]) : 64) << 20;
  int started = 0;
  /* The runtime starts here (its first OpenMP construct): counting starts. */
#pragma omp parallel num_threads(1)
  started = 1;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task
    scratch();
  }

  /* Peak: a (3,000,000) + b (16,000 after realloc) + c (4,096) + d (100,000) + C++ peak. */
  char *a = malloc(3000000);
  double *b = calloc(1000, sizeof *b);
  b = realloc(b, 16000);
  void *c = aligned_alloc(64, 4096);
  void *d = NULL;
  if (posix_memalign(&d, 128, 100000) != 0) return 1;
  memset(a, 1, 3000000);
  keep(a);
  keep(b);
  keep(c);
  keep(d);
  size_t cxx_peak = cxx_allocations();
  size_t first_peak = (size_t)3000000 + 16000 + 4096 + 100000 + cxx_peak;
  free(a);
  free(b);
  free(c);
  free(d);

  /* A large block written and read whole. */
  double before = rss_mib();
  char *big = malloc(touch);
  if (!big) return 1;
  memset(big, 7, touch);
  long sum = 0;
  for (size_t i = 0; i < touch; i += 4096) sum += big[i];
  double after = rss_mib();
  keep(big);
  free(big);

  /* A large block of which a byte every 4 MiB is written (the edge rows of
   * many ranks' blocks). */
  double sparse_before = rss_mib();
  char *sparse = malloc(touch);
  if (!sparse) return 1;
  for (size_t i = 0; i < touch; i += (size_t)4 << 20) sparse[i] = 1;
  double sparse_after = rss_mib();
  keep(sparse);
  free(sparse);
  printf("expected_peak=%zu touched=%zu sum_ok=%d rss_growth_mib=%.1f sparse_growth_mib=%.1f started=%d\n",
         first_peak > touch ? first_peak : touch, touch, sum != 0, after - before, sparse_after - sparse_before,
         started);
  return 0;
}
