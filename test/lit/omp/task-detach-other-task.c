// RUN: %omp-check %s
// A detach task completes only when another task calls omp_fulfill_event: its dependent task sees the flag the fulfilling task set first.
#include <stdio.h>
#include <omp.h>

#define K 6

int main(void) {
  int x[K], flag[K], seen[K];
  for (int k = 0; k < K; k++)
    x[k] = flag[k] = seen[k] = 0;

#pragma omp parallel
#pragma omp single
  {
    for (int k = 0; k < K; k++) {
      omp_event_handle_t ev;
#pragma omp task detach(ev) depend(out: x[k]) shared(x) firstprivate(k)
      x[k] = k + 1; /* the body ends quickly; completion waits for ev */

      /* runs only once the detached task is complete, i.e. after fulfil */
#pragma omp task depend(in: x[k]) shared(x, flag, seen) firstprivate(k)
      {
        int f;
#pragma omp atomic read
        f = flag[k];
        seen[k] = f * 100 + x[k];
      }

      /* independent task that fulfils the event after setting the flag */
#pragma omp task shared(flag) firstprivate(ev, k)
      {
#pragma omp atomic write
        flag[k] = 1;
        omp_fulfill_event(ev);
      }
    }
    /* taskwait also waits for the detached tasks to be fulfilled */
#pragma omp taskwait
    int ready = 0;
    for (int k = 0; k < K; k++)
      ready += seen[k] > 0;
    printf("after taskwait ready %d\n", ready);
  }
  for (int k = 0; k < K; k++)
    printf("task %d seen %d\n", k, seen[k]);
  return 0;
}
