/* Temporaries allocated and freed every step, as LULESH's force kernels do:
 * natively glibc trims the heap's top when they are freed, and every step
 * touches fresh pages again. A simulated build must fault as often inside
 * the program's measured bursts. With "keep", each step also keeps a small
 * block allocated above the temporaries: the top is not trimmed and the
 * temporaries' pages stay resident (few faults, natively and simulated).
 *
 *   temporaries [keep]
 *
 * Prints "faults_per_step=<minor faults a step, steps 2-20> sum=<checksum>
 * zeros=<1 when every calloc'd byte read zero>". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static long minor_faults(void) {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_minflt;
}

static char *kept[20];

int main(int argc, char **argv) {
  const int keep = argc > 1 && strcmp(argv[1], "keep") == 0;
  const size_t n = 32768; /* doubles: 256 KiB */
  double sum = 0;
  int zeros = 1;
  long faults = 0;
  for (int step = 0; step < 20; ++step) {
    const long before = minor_faults();
    double *t[4];
    for (int k = 0; k < 4; ++k) t[k] = malloc(n * sizeof(double));
    double *z = calloc(n, sizeof(double));
    if (keep && !(kept[step] = malloc(2048))) return 1;
    for (int k = 0; k < 4; ++k)
      for (size_t i = 0; i < n; ++i) t[k][i] = (double)(i + k + step);
    for (size_t i = 0; i < n; ++i) {
      zeros &= z[i] == 0.0;
      z[i] = t[0][i] * t[1][i] - t[2][i] + t[3][i];
      sum += z[i] / n;
    }
    for (int k = 0; k < 4; ++k) free(t[k]);
    free(z);
    if (step > 0) faults += minor_faults() - before;
  }
  for (int step = 0; keep && step < 20; ++step) sum += kept[step] != kept[(step + 1) % 20];
  printf("faults_per_step=%ld sum=%.6e zeros=%d\n", faults / 19, sum, zeros);
  return 0;
}
