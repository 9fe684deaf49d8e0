// omp_get_num_procs counts the processors the process may run on, whatever
// OMP_NUM_THREADS says (hccsim returned its thread count: 4 on a machine
// of 2, 1 with OMP_NUM_THREADS=1; the OpenMP Examples' affinity_query).
// RUN: %omp-check %s
#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <stdio.h>

int main(void) {
  cpu_set_t set;
  sched_getaffinity(0, sizeof set, &set);
  printf("omp_get_num_procs() is the affinity's count: %d\n", omp_get_num_procs() == CPU_COUNT(&set));
  return 0;
}
