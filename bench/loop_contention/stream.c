/* Memory-bound worksharing loops, shaped like STREAM: four loops over three
 * static arrays of N doubles, repeated, each timed with gettimeofday; the
 * best rate of each is printed, then a check of the arrays' contents. No
 * task, no #pragma hcc. Usage: stream [repeats] */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

#define N 4000000
static double a[N], b[N], c[N];

static double seconds(void) {
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return tv.tv_sec + 1e-6 * tv.tv_usec;
}

int main(int argc, char **argv) {
  const int repeats = argc > 1 ? atoi(argv[1]) : 10;
  const double q = 3.0;
  double best[4] = {DBL_MAX, DBL_MAX, DBL_MAX, DBL_MAX};
  if (repeats < 2) {
    fprintf(stderr, "usage: stream [repeats >= 2]\n");
    return 2;
  }
#pragma omp parallel for
  for (long j = 0; j < N; j++) {
    a[j] = 1.0;
    b[j] = 2.0;
    c[j] = 0.0;
  }
  for (int k = 0; k < repeats; k++) {
    double t[5];
    t[0] = seconds();
#pragma omp parallel for
    for (long j = 0; j < N; j++) c[j] = a[j];
    t[1] = seconds();
#pragma omp parallel for
    for (long j = 0; j < N; j++) b[j] = q * c[j];
    t[2] = seconds();
#pragma omp parallel for
    for (long j = 0; j < N; j++) c[j] = a[j] + b[j];
    t[3] = seconds();
#pragma omp parallel for
    for (long j = 0; j < N; j++) a[j] = b[j] + q * c[j];
    t[4] = seconds();
    for (int i = 0; k > 0 && i < 4; i++) best[i] = fmin(best[i], t[i + 1] - t[i]);  /* the first is a warm-up */
  }
  const char *name[4] = {"copy", "scale", "add", "triad"};
  const double arrays[4] = {2, 2, 3, 3};
  for (int i = 0; i < 4; i++) printf("%s %.0f MB/s\n", name[i], 1e-6 * arrays[i] * sizeof(double) * N / best[i]);
  double x = 1.0, y = 2.0, z = 0.0, error = 0;
  for (int k = 0; k < repeats; k++) {
    z = x;
    y = q * z;
    z = x + y;
    x = y + q * z;
  }
  for (long j = 0; j < N; j++) error += fabs(a[j] - x) + fabs(b[j] - y) + fabs(c[j] - z);
  printf("stream: %s\n", error / N < 1e-8 * x ? "ok" : "FAILED");
  return 0;
}
