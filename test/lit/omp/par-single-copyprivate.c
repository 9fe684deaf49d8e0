// RUN: %omp-check %s
// Checks single nowait runs once and single copyprivate broadcasts scalar private values to every thread.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int single_runs = 0, nowait_runs = 0, passed = 0, nthreads = 0;
  int bad_int = 0, bad_double = 0, bad_long = 0;

#pragma omp parallel shared(single_runs, nowait_runs, passed, nthreads, bad_int, bad_double, bad_long)
  {
    int x = -1;          /* private to each thread */
    double d = 0.0;
    long big = 0;

#pragma omp single nowait
    {
#pragma omp atomic
      nowait_runs++;
    }
#pragma omp atomic
    passed++;

#pragma omp single copyprivate(x, d)
    {
      x = 1234;
      d = 2.5;
      nthreads = omp_get_num_threads();
#pragma omp atomic
      single_runs++;
    }
    if (x != 1234) {
#pragma omp atomic write
      bad_int = 1;
    }
    if (d != 2.5) {
#pragma omp atomic write
      bad_double = 1;
    }

    /* a second broadcast of a value computed inside the single */
#pragma omp single copyprivate(big)
    big = 1L << 40;
    if (big != (1L << 40)) {
#pragma omp atomic write
      bad_long = 1;
    }
  }

  printf("single nowait ran once: %d\n", nowait_runs == 1);
  printf("all threads passed single nowait: %d\n", passed == nthreads);
  printf("copyprivate single ran once: %d\n", single_runs == 1);
  printf("int broadcast ok: %d\n", !bad_int);
  printf("double broadcast ok: %d\n", !bad_double);
  printf("long broadcast ok: %d\n", !bad_long);
  return 0;
}
