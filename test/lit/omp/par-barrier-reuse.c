// RUN: %omp-check %s
// Many barriers, singles with copyprivate and tasks between them, in many
// regions one after the other: a barrier opened by the last thread to
// arrive lets no thread through early and loses no one, and a region's
// team, kept for the next region, starts each region afresh.
#include <omp.h>
#include <stdio.h>

#define REGIONS 20
#define ROUNDS 100

int main(void) {
  int bad = 0;
  long total = 0, tasks_done = 0;
  for (int region = 0; region < REGIONS; ++region) {
    int counter = 0;
#pragma omp parallel shared(counter) reduction(+ : bad)
    {
      const int n = omp_get_num_threads();
      for (int r = 0; r < ROUNDS; ++r) {
#pragma omp atomic
        counter++;
#pragma omp barrier
        int seen;
#pragma omp atomic read
        seen = counter;
        if (seen != n * (r + 1)) bad++;
#pragma omp barrier
        if (r % 17 == 0) {
#pragma omp single
          for (int k = 0; k < 4; ++k) {
#pragma omp task shared(tasks_done)
            {
#pragma omp atomic
              tasks_done++;
            }
          }
        }
        int v = r;
#pragma omp single copyprivate(v)
        v = 3 * r + region;
        if (v != 3 * r + region) bad++;
      }
    }
    total += counter / omp_get_max_threads();
  }
  printf("rounds per thread: %ld\n", total);
  printf("tasks: %ld\n", tasks_done);
  printf("bad: %d\n", bad);
  return bad != 0;
}
