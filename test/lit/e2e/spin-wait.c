// Simulated threads take turns only in the runtime. A thread that waits for another's flag
// and calls sched_yield in its loop waits as natively, in simulated time (the other thread's
// 20 ms sleep, less what the waiting one did before); so does one that spins on the volatile
// flag without any call (the compiler marks the loop condition's read as an atomic read, an
// entry into the runtime). One that spins on a read the compiler cannot see (an assembly load)
// would wait forever: after 10 s the simulation says so, once, on stderr (the test then stops it).
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: env HCC_PLATFORM=laptop %t.sim 2>&1 | FileCheck %s
// RUN: %hccsim -fnative %s -o %t.native
// RUN: env OMP_NUM_THREADS=2 %t.native 2>&1 | FileCheck %s
// RUN: %hccsim -fsimulate %s -o %t.volatile -DNO_YIELD
// RUN: env HCC_PLATFORM=laptop timeout 60 %t.volatile 2>&1 | FileCheck %s
// RUN: %hccsim -fsimulate %s -o %t.spin -DNO_YIELD -DHIDDEN_READ
// RUN: not timeout 14 env HCC_PLATFORM=laptop %t.spin > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=STALL < %t.out
// CHECK: flag=1 waited=1
// STALL: hccsim: warning: a simulated thread has run the program's code for 10 s since its call of omp_get_wtime without entering the runtime; if it waits for a value another simulated thread sets (a loop on an atomic or volatile flag), it waits forever
// STALL-NOT: flag=
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <unistd.h>

static volatile int flag;

#ifdef HIDDEN_READ
static int seen_flag(void) {
  int seen;
  __asm__ volatile("movl %1, %0" : "=r"(seen) : "m"(flag));
  return seen;
}
#endif

int main(void) {
  double waited = 0;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1) {
      usleep(20000);
      flag = 1;
    } else {
      const double start = omp_get_wtime();
#ifdef HIDDEN_READ
      while (!seen_flag()) {
      }
#else
      while (!flag) {
#ifndef NO_YIELD
        sched_yield();
#endif
      }
#endif
      waited = omp_get_wtime() - start;
    }
  }
  printf("flag=%d waited=%d\n", flag, waited > 0.015 && waited < 0.05);
  return 0;
}
