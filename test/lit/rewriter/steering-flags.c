// A task that sets a flag a condition tests (`array[i] = 1`, read by `if
// (array[i] != 1)` after the taskwait; libomp's own tasking/omp_taskwait.c)
// runs in simulation: its store steers control code. A task whose loop waits
// for another thread's flag (libomp's tasking/taskdep_if0_2.c: an atomic
// read in a loop, through a function; a volatile member a loop tests) is
// control code. A number computed
// into an array stays computation, and so does a literal into a token
// array that no condition reads (examples/wavefront's, which is freed: a
// pointer followed, not a flag tested).
// RUN: %clang -fsyntax-only -fopenmp -fplugin=%hccplugin -fplugin-arg-hcc-remarks %s 2>&1 | FileCheck %s
#include <math.h>
#include <stdlib.h>

static void wait_on(int *flag) {
  int seen;
  do {
#pragma omp atomic read
    seen = *flag;
  } while (seen == 0);
}

struct state {
  volatile int ready;
};

static void wait_ready(struct state *s) {
  while (!s->ready)
    ;
}

int run(int n, double *x, struct state *s) {
  int array[64], flag = 0, errors = 0;
  for (int i = 0; i < n; i++) {
#pragma omp task shared(array)
    array[i] = 1;
// CHECK: steering-flags.c:[[@LINE-2]]:{{[0-9]+}}: remark: hccsim: task 'steering-flags.c:[[@LINE-2]]' (runs in simulation: its stores steer control code)
#pragma omp task
    x[i] = sqrt(x[i]) + 1;
// CHECK: steering-flags.c:[[@LINE-2]]:{{[0-9]+}}: remark: hccsim: task 'steering-flags.c:[[@LINE-2]]'{{$}}
  }
  char *tok = calloc(64, 1);
  for (int i = 0; i < n; i++) {
#pragma omp task depend(inout: tok[i])
    tok[i] = 1;
// CHECK: steering-flags.c:[[@LINE-2]]:{{[0-9]+}}: remark: hccsim: task 'steering-flags.c:[[@LINE-2]]'{{$}}
  }
  free(tok);
#pragma omp task shared(flag)
  wait_on(&flag);
// CHECK: steering-flags.c:[[@LINE-2]]:{{[0-9]+}}: remark: hccsim: task 'wait_on' (creates or waits for tasks or for another thread, or calls MPI)
#pragma omp task
  wait_ready(s);
// CHECK: steering-flags.c:[[@LINE-2]]:{{[0-9]+}}: remark: hccsim: task 'wait_ready' (creates or waits for tasks or for another thread, or calls MPI)
#pragma omp atomic write
  flag = 1;
  s->ready = 1;
#pragma omp taskwait
  for (int i = 0; i < n; i++)
    if (array[i] != 1 || x[i] < 0) errors++;
  return errors;
}
