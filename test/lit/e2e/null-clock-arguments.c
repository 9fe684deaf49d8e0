// gettimeofday with a null result pointer returns 0 natively (the C
// library fills nothing); a simulation, which answers the program's clocks
// with simulated time, does the same rather than crash: its gettimeofday
// tests the pointer, although the library declares it not null (which lets
// a compiler drop such a test). (clock_gettime with a null pointer crashes
// natively: it is passed on as it is.)
// RUN: %hccsim -fsimulate -O2 %s -o %t.sim
// RUN: env HCC_PLATFORM=laptop %t.sim 2>&1 | FileCheck %s
// RUN: %hccsim -fnative -O2 %s -o %t.native
// RUN: %t.native 2>&1 | FileCheck %s
// CHECK: gettimeofday(NULL): 0
// CHECK: gettimeofday: 0
#include <stdio.h>
#include <sys/time.h>

// Through a volatile pointer: the compiler cannot see the null either.
static struct timeval *volatile no_timeval;

int main(void) {
  printf("gettimeofday(NULL): %d\n", gettimeofday(no_timeval, NULL));
  struct timeval tv;
  printf("gettimeofday: %d\n", gettimeofday(&tv, NULL));
  return 0;
}
