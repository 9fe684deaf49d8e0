/* How many pages a 16 MiB malloc faults in before the program touches it:
 * a simulated build touches large blocks when allocated only if the program
 * samples (built with -DSAMPLES: a #pragma hcc sample), so that a program
 * whose bursts are all measured gets its pages in the order of its own first
 * accesses, as natively. Prints "faults=<minor faults during the malloc>
 * sum=<checksum>". */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

static long minor_faults(void) {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_minflt;
}

int main(void) {
  const size_t n = (size_t)2 << 20; /* doubles: 16 MiB */
  const long before = minor_faults();
  double *a = malloc(n * sizeof *a);
  const long faults = minor_faults() - before;
  if (!a) return 1;
  double sum = 0;
  for (size_t i = 0; i < n; i += 512) {
#ifdef SAMPLES
#pragma hcc sample(auto, tol = 0.05)
#endif
    sum += a[i] = (double)i;
  }
  printf("faults=%ld sum=%g\n", faults, sum + a[n / 2]);
  free(a);
  return 0;
}
