// With HCC_SIM_BURSTS=off a simulation charges no time for the program's
// own code, so a thread that polls a flag had nothing to advance its clock
// and no entry where the others could run: it ran alone for ever (the
// OpenMP Examples' acquire_release.1 and atomic.3, a hang with no word).
// Its reads of the flag (an atomic read, a volatile loop condition, a
// critical section polled in a loop) now let the others run and one poll's
// time pass, as a poll in the runtime does, so the setter's modelled delay
// ends and the output is the native one.
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: env HCC_SIM_BURSTS=off HCC_PLATFORM=laptop OMP_NUM_THREADS=3 timeout 60 %t.sim 2>&1 | FileCheck %s
// RUN: %hccsim -fnative %s -o %t.native
// RUN: env OMP_NUM_THREADS=3 timeout 60 %t.native 2>&1 | FileCheck %s
// CHECK-DAG: atomic flag seen 1
// CHECK-DAG: volatile flag seen 1
// CHECK-DAG: critical flag seen 1
// CHECK-DAG: ticket lock counter 300
#include <omp.h>
#include <stdio.h>

static int atomic_flag;
static volatile int volatile_flag;
static int critical_flag;
static int next_ticket, serving, counter;

static void ticket_lock(void) {
  int mine, now;
#pragma omp atomic capture
  mine = next_ticket++;
  do {
#pragma omp atomic read
    now = serving;
  } while (now != mine);
}

static void ticket_unlock(void) {
#pragma omp atomic update
  serving++;
}

int main(void) {
#pragma omp parallel num_threads(3)
  {
    const int me = omp_get_thread_num();
    if (me == 0) {
      // The setter waits for simulated time to pass before it sets the flags.
#pragma hcc delay(seconds = 0.001)
      {
      }
#pragma omp atomic write
      atomic_flag = 1;
      volatile_flag = 1;
#pragma omp critical
      critical_flag = 1;
    } else if (me == 1) {
      int seen = 0;
      while (!seen) {
#pragma omp atomic read
        seen = atomic_flag;
      }
      while (!volatile_flag) {
      }
      printf("atomic flag seen %d\nvolatile flag seen %d\n", seen, volatile_flag);
    } else {
      int seen = 0;
      while (!seen) {
#pragma omp critical
        seen = critical_flag;
      }
      printf("critical flag seen %d\n", seen);
    }
#pragma omp barrier
    for (int i = 0; i < 100; ++i) {
      ticket_lock();
      ++counter;
      ticket_unlock();
    }
#pragma omp barrier
#pragma omp masked
    printf("ticket lock counter %d\n", counter);
  }
  return 0;
}
