// RUN: %omp-check %s
// NATIVE-ONLY: the tasks set the flags that others spin on, and a simulation charges the model of a task that creates none instead of running it
// Every thread of a team runs its tasks, also where the team is larger than
// OMP_NUM_THREADS (omp_set_num_threads, num_threads), as LLVM's own tasking
// tests count on: a producer that waits for its task to start on another
// thread, and two tasks that each wait for the other to have started. With
// OMP_NUM_THREADS=1 the other thread of the team is one the runtime added
// for it.
#include <omp.h>
#include <stdio.h>

static int wait_for(volatile int *flag, long limit) {
  for (long i = 0; i < limit; i++) {
#pragma omp flush
    if (*flag) return 1;
  }
  return 0;
}

// One of two tasks that run at once or not at all: it says it started, then
// waits for the other to have started too.
static void meet(volatile int *mine, volatile int *other, int *both_ran) {
  *mine = 1;
#pragma omp flush
  if (wait_for(other, 200000000L)) {
#pragma omp atomic
    (*both_ran)++;
  }
}

int main(void) {
  volatile int started = 0, first = 0, second = 0;
  int producer_saw = 0, both_ran = 0;
  omp_set_dynamic(0);
  omp_set_num_threads(2);

  // The producer waits, outside any scheduling point, for its task to start.
#pragma omp parallel shared(started, producer_saw)
#pragma omp single nowait
  {
#pragma omp task shared(started)
    {
      started = 1;
#pragma omp flush
    }
    producer_saw = wait_for(&started, 200000000L);
  }
  printf("the producer's task started on another thread: %d\n", producer_saw);

  // Two tasks that run at once or not at all, on a team of 3.
#pragma omp parallel num_threads(3) shared(first, second, both_ran)
#pragma omp single
  {
#pragma omp task shared(first, second, both_ran)
    meet(&first, &second, &both_ran);
#pragma omp task shared(first, second, both_ran)
    meet(&second, &first, &both_ran);
  }
  printf("two tasks saw each other run: %d\n", both_ran);
  return 0;
}
