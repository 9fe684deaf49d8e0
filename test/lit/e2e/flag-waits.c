// Threads and tasks that wait for each other's flags, as libomp's own tests
// do, print in simulation what they print natively: a section that spins on
// a volatile flag another thread sets (omp_sections_nowait.c: the
// simulation ran the spinning thread alone for ever), a task that waits for
// the thread that created it in a loop of atomic reads and sleeps
// (taskdep_if0_2.c: timed as a kernel, it slept for real while the other
// thread never ran, "timeout in wait_on_flag"), tasks that set flags the
// program then tests (omp_taskwait.c: their stores were simulated, and every
// flag read 0).
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: env HCC_PLATFORM=laptop timeout 60 %t.sim 2>&1 | FileCheck %s
// RUN: %hccsim -fnative %s -o %t.native
// RUN: env OMP_NUM_THREADS=2 timeout 60 %t.native 2>&1 | FileCheck %s
// CHECK: released 1
// CHECK-NEXT: handshake 1
// CHECK-NEXT: flags set 16 of 16
#include <omp.h>
#include <stdio.h>
#include <time.h>

static volatile int release;
static int grabbed, proceed;

static void pause_a_little(void) {
  struct timespec ts = {0, 1000000};
  nanosleep(&ts, NULL);
}

static void wait_on(int *flag) {
  int seen;
  do {
#pragma omp atomic read
    seen = *flag;
    pause_a_little();
  } while (seen == 0);
}

static void signal_flag(int *flag) {
#pragma omp atomic
  (*flag)++;
}

int main(void) {
  int released = 0, handshake = 0, set = 0, array[16] = {0};
#pragma omp parallel num_threads(2)
  {
#pragma omp sections nowait
    {
#pragma omp section
      {
        while (release == 0)
          ;
        released = 1;
      }
#pragma omp section
      {
        pause_a_little();
        release = 1;
      }
    }
  }
#pragma omp parallel num_threads(2)
#pragma omp single nowait
  {
#pragma omp task
    {
      signal_flag(&grabbed);
      wait_on(&proceed);
    }
    wait_on(&grabbed);
    signal_flag(&proceed);
#pragma omp taskwait
    handshake = 1;
  }
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    for (int i = 0; i < 16; i++) {
#pragma omp task
      array[i] = 1;
    }
#pragma omp taskwait
    for (int i = 0; i < 16; i++)
      if (array[i] == 1) set++;
  }
  printf("released %d\nhandshake %d\nflags set %d of 16\n", released, handshake, set);
  return 0;
}
