// RUN: %omp-check %s
// Checks lastprivate on for loops gives the value of the sequentially last iteration for several schedules.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int last = -1, lastsq = -1, k = -1;
  double dlast = 0.0;

#pragma omp parallel for lastprivate(last)
  for (int i = 0; i < 100; i++)
    last = i;
  printf("static: %d\n", last);

#pragma omp parallel for schedule(monotonic : dynamic, 3) lastprivate(lastsq)
  for (int i = 0; i < 100; i++)
    lastsq = i * i;
  printf("monotonic dynamic,3: %d\n", lastsq);

#pragma omp parallel for schedule(guided) lastprivate(dlast)
  for (int i = 0; i < 10; i++)
    dlast = i * 0.25;
  printf("guided double: %.2f\n", dlast);

  /* lastprivate of the loop variable itself: value after the loop */
#pragma omp parallel for lastprivate(k)
  for (k = 0; k < 37; k += 5)
    ;
  printf("loop variable after loop: %d\n", k);

  /* conditionally assigned only in the last iteration */
  int marker = 0;
#pragma omp parallel
  {
#pragma omp for schedule(static, 1) lastprivate(marker)
    for (int i = 0; i < 9; i++) {
      marker = 0;
      if (i == 8)
        marker = 88;
    }
  }
  printf("conditional in last iteration: %d\n", marker);

  /* firstprivate and lastprivate together */
  int fl = 1000;
#pragma omp parallel for firstprivate(fl) lastprivate(fl) schedule(static, 2)
  for (int i = 0; i < 20; i++)
    fl += i;
  printf("firstprivate+lastprivate ok: %d\n", fl >= 1000 + 19);
  return 0;
}
