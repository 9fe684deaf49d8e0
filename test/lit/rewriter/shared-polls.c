// Reads that a loop waits on are polls (hcc_shared_line_poll): an atomic
// read into a variable that the innermost loop around it tests, through
// blocks and branches, and a C11 or builtin atomic load in a loop's
// condition. A simulation has a poll find the value no earlier in
// simulated time than the thread that wrote it wrote it, so the stores to
// a polled object whose result is dropped update its line
// (hcc_shared_line); other such stores stay as they are. A read whose
// value no loop waits on stays a load; native builds get neither.
// RUN: %hcc-rewrite --shared-lines %s -- | FileCheck %s
// RUN: %hcc-rewrite %s -- | FileCheck %s --check-prefix=NATIVE
// NATIVE-NOT: {{^[^/].*hcc_shared_line}}
#include <stdatomic.h>

int flag, best, hits;
atomic_int ready;

void set_flags(void) {
  atomic_store(&ready, 1);
// CHECK: (hcc_shared_line((&ready)), atomic_store(&ready, 1));
  __atomic_store_n(&flag, 2, __ATOMIC_RELEASE);
// CHECK: (hcc_shared_line((&flag)), __atomic_store_n(&flag, 2, __ATOMIC_RELEASE));
  __atomic_store_n(&hits, 1, __ATOMIC_RELAXED);
// CHECK: {{^}}  __atomic_store_n(&hits, 1, __ATOMIC_RELAXED);
}

int wait_for_flag(void) {
  int f = 0;
  while (!f) {
#pragma omp atomic read
    f = flag;
  }
// CHECK: { hcc_shared_line_poll(&(flag), "shared-polls.c:[[@LINE-3]]");
  do {
    if (f) {
#pragma omp atomic read
      f = flag;
    }
  } while (f != 2);
// CHECK: { hcc_shared_line_poll(&(flag), "shared-polls.c:[[@LINE-4]]");
  int b;
#pragma omp atomic read
  b = best;
// CHECK: { hcc_shared_line_load(&(best), "shared-polls.c:[[@LINE-2]]");
  while (atomic_load(&ready) == 0) {
  }
// CHECK: while ((hcc_shared_line_poll((&ready), "shared-polls.c:[[@LINE-2]]"), atomic_load(&ready)) == 0) {
  while (!__atomic_load_n(&flag, __ATOMIC_ACQUIRE)) {
  }
// CHECK: while (!(hcc_shared_line_poll((&flag), "shared-polls.c:[[@LINE-2]]"), __atomic_load_n(&flag, __ATOMIC_ACQUIRE))) {
  if (__atomic_load_n(&best, __ATOMIC_RELAXED) > b) return -1;
// CHECK: if ((hcc_shared_line_load((&best), "shared-polls.c:[[@LINE-1]]"), __atomic_load_n(&best, __ATOMIC_RELAXED)) > b) return -1;
  return f + b;
}
