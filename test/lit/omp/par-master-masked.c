// RUN: %omp-check %s
// Checks master, masked and masked filter(...) run only on the selected thread and have no implied barrier.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int master_runs = 0, masked_runs = 0, filter0_runs = 0, filter1_runs = 0;
  int master_tid_ok = 1, masked_tid_ok = 1, filter1_tid_ok = 1;
  int nthreads = 0;

#pragma omp parallel shared(master_runs, masked_runs, filter0_runs, filter1_runs, master_tid_ok, \
                            masked_tid_ok, filter1_tid_ok, nthreads)
  {
#pragma omp master
    {
      master_runs++;
      nthreads = omp_get_num_threads();
      if (omp_get_thread_num() != 0)
        master_tid_ok = 0;
    }
#pragma omp masked
    {
      masked_runs++;
      if (omp_get_thread_num() != 0)
        masked_tid_ok = 0;
    }
#pragma omp masked filter(0)
    filter0_runs++;

#pragma omp masked filter(1)
    {
      filter1_runs++;
      if (omp_get_thread_num() != 1)
        filter1_tid_ok = 0;
    }
  }

  printf("master runs: %d, on thread 0: %d\n", master_runs, master_tid_ok);
  printf("masked runs: %d, on thread 0: %d\n", masked_runs, masked_tid_ok);
  printf("masked filter(0) runs: %d\n", filter0_runs);
  /* thread 1 exists only when the team has at least two threads */
  printf("masked filter(1) runs as expected: %d, on thread 1: %d\n",
         filter1_runs == (nthreads > 1 ? 1 : 0), filter1_tid_ok);
  return 0;
}
