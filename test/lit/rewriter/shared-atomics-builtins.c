// Atomics written without OpenMP whose result the program uses (a counter
// handing out work): the expression becomes (hcc_shared_line_read(p,
// "file:line"), expression), an entry into the runtime in simulation; an
// atomic whose result is dropped, none; native builds, none.
// RUN: %hcc-rewrite --shared-lines %s -- | FileCheck %s
// RUN: %hcc-rewrite %s -- | FileCheck %s --check-prefix=NATIVE
// NATIVE-NOT: {{^[^/].*hcc_shared_line_(read|load)}}
#include <stdatomic.h>

int next, flag;
atomic_int cursor;

int take(void) {
  int i = __sync_fetch_and_add(&next, 1);
// CHECK: int i = (hcc_shared_line_read((&next), "shared-atomics-builtins.c:[[@LINE-1]]"), __sync_fetch_and_add(&next, 1));
  __sync_fetch_and_add(&next, 1);
// CHECK: {{^}}  __sync_fetch_and_add(&next, 1);
  if (__atomic_load_n(&flag, __ATOMIC_ACQUIRE)) return -1;
// CHECK: if ((hcc_shared_line_load((&flag), "shared-atomics-builtins.c:[[@LINE-1]]"), __atomic_load_n(&flag, __ATOMIC_ACQUIRE))) return -1;
  (void)__atomic_fetch_add(&flag, 1, __ATOMIC_RELAXED);
// CHECK: {{^}}  (void)__atomic_fetch_add(&flag, 1, __ATOMIC_RELAXED);
  // A macro whose atomic works on a name of its own: left alone.
#define TAKE(p) ({ int *_p = (p); int _v = __sync_fetch_and_add(_p, 1); _v; })
  i += TAKE(&next);
// CHECK: {{^}}  i += TAKE(&next);
  return i + atomic_fetch_add(&cursor, 1);
// CHECK: return i + (hcc_shared_line_read((&cursor), "shared-atomics-builtins.c:[[@LINE-1]]"), atomic_fetch_add(&cursor, 1));
}
