/* A fixed floating-point workload (an FMM-like 1/r^3 sum, about 7 ms on one
 * core here) run on every core at once; prints the slowest core's best of 3
 * in seconds. bench/machine_state.py compares it across a benchmark's runs:
 * this virtual machine now and then runs whole seconds at half speed (its
 * cores sharing physical ones with a busy neighbour), which no process
 * statistics show. */
#include <math.h>
#include <stdio.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(void) {
  double slowest = 0;
#pragma omp parallel reduction(max : slowest)
  {
    double x[512], y[512], z[512], acc = 0, best = 1e9;
    for (int i = 0; i < 512; ++i) x[i] = sin(i), y[i] = cos(i * 0.7), z[i] = sin(i * 1.3);
    for (int rep = 0; rep < 3; ++rep) {
      const double t0 = now();
      for (int i = 0; i < 512 * 8; ++i)
        for (int j = 0; j < 512; ++j) {
          const double dx = x[i % 512] - x[j] + 1e-3, dy = y[i % 512] - y[j], dz = z[i % 512] - z[j];
          const double r2 = dx * dx + dy * dy + dz * dz + 1e-6;
          acc += 1.0 / (r2 * sqrt(r2));
        }
      const double t = now() - t0;
      if (t < best) best = t;
    }
    if (acc == 42) best = 0; /* keeps acc live */
    slowest = best;
  }
  printf("%.6f\n", slowest);
  return 0;
}
