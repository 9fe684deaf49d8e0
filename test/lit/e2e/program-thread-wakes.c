// A thread the program starts itself that would wake a simulated one (it
// fulfils a detached task's event 100 ms later, as the OpenMP Examples'
// detach tests do): natively the region waits for it; simulated it runs
// beside the simulation, which stops when every simulated thread waits,
// and says what may be why instead of a bare deadlock.
// RUN: %hccsim -fnative %s -o %t.native -lpthread
// RUN: env OMP_NUM_THREADS=2 %t.native 2>&1 | FileCheck %s --check-prefix=NATIVE
// NATIVE: done after the region: 1
// RUN: %hccsim -fsimulate %s -o %t.sim -lpthread
// RUN: not env HCC_PLATFORM=laptop %t.sim 2>&1 | FileCheck %s
// CHECK: hccsim: error: the simulation stopped at {{[0-9.]+}} s with the program's main still waiting (a deadlock: every thread waits for another, or for a thread the program started itself (pthread_create, std::thread), which runs beside the simulation and cannot wake a simulated one: give its work to OpenMP); no prediction
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static volatile int done;

static void *fulfil(void *event) {
  usleep(100000);
  done = 1;
  omp_fulfill_event((omp_event_handle_t)event);
  return NULL;
}

int main(void) {
  pthread_t thread;
#pragma omp parallel num_threads(2)
#pragma omp masked
  {
    omp_event_handle_t event;
#pragma omp task detach(event) if(0)
    pthread_create(&thread, NULL, fulfil, (void *)event);
  }
  printf("done after the region: %d\n", done);
  pthread_join(thread, NULL);
  return 0;
}
