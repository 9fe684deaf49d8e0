// RUN: %omp-check %s
// Checks schedule(runtime) follows omp_set_schedule for static, dynamic and guided kinds.
#include <omp.h>
#include <stdio.h>

#define N 120

int main(void) {
  int owner[N], count[N];
  const omp_sched_t kinds[3] = {omp_sched_static, omp_sched_dynamic, omp_sched_guided};
  const char *names[3] = {"static", "dynamic", "guided"};

  for (int k = 0; k < 3; k++) {
    omp_set_schedule(kinds[k], 5);
    omp_sched_t got;
    int chunk;
    omp_get_schedule(&got, &chunk);
    printf("%s: get_schedule kind ok %d, chunk %d\n", names[k], got == kinds[k], chunk);

    int nthreads = 0;
    long sum = 0;
    for (int i = 0; i < N; i++)
      count[i] = 0;
#pragma omp parallel reduction(+ : sum)
    {
#pragma omp single
      nthreads = omp_get_num_threads();
#pragma omp for schedule(runtime)
      for (int i = 0; i < N; i++) {
        owner[i] = omp_get_thread_num();
        count[i]++;
        sum += i;
      }
    }
    int once = 1, chunked = 1, rr = 1, run_start = 0;
    for (int i = 0; i < N; i++) {
      if (count[i] != 1)
        once = 0;
      if (owner[i] != (i / 5) % nthreads)
        rr = 0;
      /* every run of iterations on one thread, except the last, has >= 5 */
      if (i > 0 && owner[i] != owner[i - 1]) {
        if (i - run_start < 5)
          chunked = 0;
        run_start = i;
      }
    }
    printf("%s: each once %d, no chunk below 5 %d, sum %ld\n", names[k], once, chunked, sum);
    if (kinds[k] == omp_sched_static)
      printf("%s: round-robin %d\n", names[k], rr);
  }
  return 0;
}
