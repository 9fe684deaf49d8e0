/* Tiny leaf tasks and long ones, created by one thread of a team of two:
 * prints how many of each ran on the thread that created them.
 *
 *   leaves [TINY [LONG]]   TINY tiny tasks (default 4000), LONG tasks of
 *                          about 20 us of work (default 200)
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int tiny_on_creator, long_on_creator;
static volatile double sink;

static void tiny(int creator) {
  if (omp_get_thread_num() == creator) {
#pragma omp atomic
    tiny_on_creator++;
  }
}

static void long_one(int creator) {
  double x = 0;
  for (int i = 0; i < 20000; i++) x += i * 1e-9;
  sink = x;
  if (omp_get_thread_num() == creator) {
#pragma omp atomic
    long_on_creator++;
  }
}

int main(int argc, char **argv) {
  const int ntiny = argc > 1 ? atoi(argv[1]) : 4000;
  const int nlong = argc > 2 ? atoi(argv[2]) : 200;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    const int me = omp_get_thread_num();
    for (int i = 0; i < ntiny; i++) {
#pragma omp task firstprivate(me)
      tiny(me);
    }
#pragma omp taskwait
    for (int i = 0; i < nlong; i++) {
#pragma omp task firstprivate(me)
      long_one(me);
    }
  }
  printf("tiny=%d on_creator=%d long=%d on_creator=%d\n", ntiny, tiny_on_creator, nlong, long_on_creator);
  return 0;
}
