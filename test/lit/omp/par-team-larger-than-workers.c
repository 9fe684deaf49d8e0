// RUN: %omp-check %s
// Teams larger than OMP_NUM_THREADS (and than the machine's cores): the
// sizes asked by omp_set_num_threads and num_threads are given, as libomp
// gives them, and every construct works across the whole team: numbered
// threads, barriers between phases, worksharing, tasks, reductions.
#include <omp.h>
#include <stdio.h>

#define MAXT 16

int main(void) {
  omp_set_dynamic(0);
  omp_set_num_threads(4);
  int n = 0;
#pragma omp parallel
#pragma omp single
  n = omp_get_num_threads();
  printf("omp_set_num_threads(4): %d threads, max %d\n", n, omp_get_max_threads());

  int phase_seen[MAXT] = {0}, bad = 0;
  int phase[MAXT] = {0};
#pragma omp parallel num_threads(7) reduction(+ : bad)
  {
    const int me = omp_get_thread_num(), nt = omp_get_num_threads();
    if (nt != 7) bad++;
    for (int p = 1; p <= 3; p++) {
      phase[me] = p;
#pragma omp barrier
      for (int t = 0; t < nt; t++)
        if (phase[t] != p) bad++;
#pragma omp barrier
    }
    phase_seen[me] = 1;
  }
  int all = 1;
  for (int t = 0; t < 7; t++) all = all && phase_seen[t];
  printf("num_threads(7): every thread %d, phases wrong %d\n", all, bad);

  long sum = 0;
  int per_thread[MAXT] = {0};
#pragma omp parallel for num_threads(6) schedule(static, 5) reduction(+ : sum)
  for (int i = 0; i < 600; i++) {
    sum += i;
    per_thread[omp_get_thread_num()]++;
  }
  printf("parallel for on 6: sum %ld, thread 5 ran %d\n", sum, per_thread[5]);

  int tasks = 0;
#pragma omp parallel num_threads(5)
  {
#pragma omp for nowait
    for (int i = 0; i < 50; i++) {
#pragma omp task
      {
#pragma omp atomic
        tasks++;
      }
    }
#pragma omp taskwait
  }
  printf("tasks from 5 threads: %d\n", tasks);
  return 0;
}
