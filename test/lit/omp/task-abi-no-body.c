// A task allocated through the ABI without a body (a null routine), as
// libomp's own tests build `taskwait depend(...) nowait`: it runs as an
// empty task (hccsim called address 0).
// RUN: %omp-check %s
#include <omp.h>
#include <stddef.h>
#include <stdio.h>

typedef int (*kmp_routine_entry_t)(int, void*);
typedef struct {
  void* shareds;
  kmp_routine_entry_t routine;
  int part_id;
} kmp_task_t;
extern int __kmpc_global_thread_num(void* loc);
extern kmp_task_t* __kmpc_omp_task_alloc(void* loc, int gtid, int flags, size_t sizeof_task, size_t sizeof_shareds,
                                         kmp_routine_entry_t routine);
extern int __kmpc_omp_task(void* loc, int gtid, kmp_task_t* task);

int main(void) {
  int done = 0;
#pragma omp parallel
#pragma omp single
  {
    const int gtid = __kmpc_global_thread_num(NULL);
    for (int i = 0; i < 8; i++) {
      kmp_task_t* empty = __kmpc_omp_task_alloc(NULL, gtid, 1, sizeof(kmp_task_t) + 64, 0, NULL);
      __kmpc_omp_task(NULL, gtid, empty);
    }
#pragma omp taskwait
    done = 1;
  }
  printf("empty tasks done: %d\n", done);
  return 0;
}
