/* The program's own clocks in simulation (program_clocks.sh): a loop of
 * known CPU time timed with clock_gettime, gettimeofday, timespec_get and
 * clock; sleeps; a loop that runs until half a second of its clock has
 * passed; a CPU-time clock, which stays the thread's own. Prints what each
 * clock says. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "../sampling/spin.h"

static double monotonic(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double time_of_day(void) {
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return (double)tv.tv_sec + 1e-6 * (double)tv.tv_usec;
}

static double utc(void) {
  struct timespec ts;
  timespec_get(&ts, TIME_UTC);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv) {
  const double unit = argc > 1 ? atof(argv[1]) : 0.05;
  const double m0 = monotonic(), g0 = time_of_day(), u0 = utc(), c0 = cpu_now();
  const clock_t k0 = clock();
  spin(unit);
  const double m1 = monotonic(), g1 = time_of_day(), u1 = utc(), c1 = cpu_now();
  const clock_t k1 = clock();
  sleep(3);
  usleep(250000);
  struct timespec quarter = {0, 250000000};
  nanosleep(&quarter, NULL);
  const double m2 = monotonic();
  long rounds = 0;
  const double start = monotonic();
  while (monotonic() - start < 0.5) {
    spin(0.001);
    ++rounds;
  }
  printf("monotonic=%.6f timeofday=%.6f utc=%.6f clock=%.6f cputime=%.6f sleeps=%.6f rounds=%ld epoch=%d\n", m1 - m0,
         g1 - g0, u1 - u0, (double)(k1 - k0) / CLOCKS_PER_SEC, c1 - c0, m2 - m1, rounds, time(NULL) > 1700000000);
  return 0;
}
