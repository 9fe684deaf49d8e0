// RUN: %omp-check %s
// A region nested in a region's implicit task runs on one thread; once a detachable task is created there, its dependents wait for the event, and the nested region's end waits for them (no taskwait in it).
#include <stdio.h>
#include <omp.h>
#include <time.h>
static void inner(void) {
  int data = 0, chain = 0;
#pragma omp parallel
  {
    omp_event_handle_t ev;
#pragma omp task detach(ev) depend(out: data) shared(data)
    data = 42;
#pragma omp task depend(in: data) shared(data, chain)
    {
      struct timespec ts = {0, 20000000};
      nanosleep(&ts, NULL);
      chain = data + 1;
    }
    omp_fulfill_event(ev);
  }
  printf("chain %d\n", chain);
}
int main(void) {
#pragma omp parallel num_threads(2)
#pragma omp single
  inner();
  return 0;
}
