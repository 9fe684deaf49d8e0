// Which task bodies are control code (a simulation runs them and simulates
// the others): those that create, wait for or complete tasks, or call MPI,
// directly, in
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

void f(int *p, unsigned long ev) {
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
}

// CHECK: __hcc_ti0 = {"leaf", "control-tasks.c", 11, 0,
// CHECK: __hcc_ti1 = {"middle", "control-tasks.c", 20, HCC_CODELET_CONTROL,
// CHECK: __hcc_ti2 = {"control-tasks.c:22", "control-tasks.c", 22, HCC_CODELET_CONTROL,
// CHECK: __hcc_ti3 = {"control-tasks.c:27", "control-tasks.c", 27, HCC_CODELET_CONTROL,
// CHECK: __hcc_ti4 = {"control-tasks.c:31", "control-tasks.c", 31, HCC_CODELET_CONTROL,
// CHECK: __hcc_ti5 = {"omp_fulfill_event", "control-tasks.c", 36, HCC_CODELET_CONTROL,
// CHECK: __hcc_ti6 = {"calls_leaf", "control-tasks.c", 38, 0,
// CHECK: __hcc_ti7 = {"control-tasks.c:40", "control-tasks.c", 40, 0,
// CHECK: __hcc_ti8 = {"talks", "control-tasks.c", 45, HCC_CODELET_CONTROL,
