// Which task bodies are control code (a simulation runs them and simulates
// the others): those that create, wait for or complete tasks, exclude other
// threads (critical, OpenMP locks), or call MPI, directly, in
// the body of a construct inside them, or through functions of this file
// (whatever the depth); a body calling only leaf functions is not.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s
void leaf(int *);
void omp_fulfill_event(unsigned long);

static void spawn(int *p) {
#pragma omp task
  leaf(p);
}
static void middle(int *p) { spawn(p); }
static void calls_leaf(int *p) { leaf(p); }
int MPI_Barrier(int comm);
static void talks(void) { MPI_Barrier(0); }
typedef struct { void *lock; } omp_lock_t;
void omp_set_lock(omp_lock_t *);
void omp_unset_lock(omp_lock_t *);
int omp_test_nest_lock(omp_lock_t *);
static void locks(omp_lock_t *l) {
  omp_set_lock(l);
  leaf(0);
  omp_unset_lock(l);
}
static void tries(omp_lock_t *l) {
  if (omp_test_nest_lock(l)) leaf(0);
}

void f(int *p, unsigned long ev, omp_lock_t *l) {
#pragma omp task
  middle(p);
#pragma omp task
  {
#pragma omp critical
    middle(p);
  }
#pragma omp task
  {
#pragma omp taskwait
  }
#pragma omp task
  {
#pragma omp taskloop
    for (int i = 0; i < 4; ++i) leaf(p + i);
  }
#pragma omp task
  omp_fulfill_event(ev);
#pragma omp task
  calls_leaf(p);
#pragma omp task
  {
#pragma omp critical
    leaf(p);
  }
#pragma omp task
  talks();
#pragma omp task
  locks(l);
#pragma omp task
  tries(l);
#pragma omp task
  {
#pragma omp atomic
    *p += 1;
  }
}

// CHECK: __hcc_ti0 = {"leaf", "control-tasks.c", 11, 0,
// CHECK: __hcc_ti1 = {"middle", "control-tasks.c", 32, HCC_CODELET_CONTROL,
// CHECK: __hcc_ti2 = {"control-tasks.c:34", "control-tasks.c", 34, HCC_CODELET_CONTROL,
// CHECK: __hcc_ti3 = {"control-tasks.c:39", "control-tasks.c", 39, HCC_CODELET_CONTROL,
// CHECK: __hcc_ti4 = {"control-tasks.c:43", "control-tasks.c", 43, HCC_CODELET_CONTROL,
// CHECK: __hcc_ti5 = {"omp_fulfill_event", "control-tasks.c", 48, HCC_CODELET_CONTROL,
// CHECK: __hcc_ti6 = {"calls_leaf", "control-tasks.c", 50, 0,
// A critical section, an OpenMP lock taken or tried (the section runs as
// natively, simulated); an atomic update is not (a kernel's).
// CHECK: __hcc_ti7 = {"control-tasks.c:52", "control-tasks.c", 52, HCC_CODELET_CONTROL,
// CHECK: __hcc_ti8 = {"talks", "control-tasks.c", 57, HCC_CODELET_CONTROL,
// CHECK: __hcc_ti9 = {"locks", "control-tasks.c", 59, HCC_CODELET_CONTROL,
// CHECK: __hcc_ti10 = {"tries", "control-tasks.c", 61, HCC_CODELET_CONTROL,
// CHECK: __hcc_ti11 = {"control-tasks.c:63", "control-tasks.c", 63, 0,
