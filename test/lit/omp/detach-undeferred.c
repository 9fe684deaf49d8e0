// An undeferred detached task (if(0)) completes when its event is
// fulfilled, not when its body ends: its creator's taskwait waits for the
// other thread that fulfils it 50 ms later (hccsim's passed at once and
// read done = 0; a program thread fulfilling it after the parallel region's
// end found the region over).
// RUN: %omp-check %s
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
  omp_event_handle_t event;
  int published = 0, done = 0, seen = -1;
#pragma omp parallel num_threads(2) shared(event, published, done, seen)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp task detach(event) if(0)
      {
#pragma omp atomic write
        published = 1;
      }
#pragma omp taskwait
#pragma omp atomic read
      seen = done;
    } else {
      int ready = 0;
      while (!ready) {
#pragma omp atomic read
        ready = published;
        if (!ready) usleep(1000);
      }
      usleep(50000);
#pragma omp atomic write
      done = 1;
      omp_fulfill_event(event);
    }
  }
  printf("done seen after the taskwait: %d\n", seen);
  return seen == 1 ? 0 : 1;
}
