// Contended critical sections and OpenMP locks in a simulation: a task
// whose body takes them runs (the counter is the native one; timed as a
// kernel its sections never ran), a thread that takes a lock after another
// thread did pays the lock's line move from the other core
// (hcc.line_transfer), held meanwhile. Two threads alternating 100 sections
// each, 1 ms apart, on a 2-core host at 0.1 ms a move: 199 moves, each
// thread's beside the other's wait, 1.1 ms an iteration (110 ms); without
// the property, 100 ms; on a host of one core, no move and the two
// threads' delays one after the other, 200 ms. Eight tasks, more than a
// simulation runs of a kernel without a model, add up their sections'
// counts.
// ALLOW_RETRIES: 2
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: %hccsim -fnative %s -o %t.native
// RUN: env HCC_PLATFORM=%S/Inputs/two-cores-slow-line.xml OMP_NUM_THREADS=2 %t.sim 2>&1 | FileCheck %s --check-prefixes=CHECK,MOVES
// RUN: env HCC_PLATFORM=%S/Inputs/one-core-slow-line.xml OMP_NUM_THREADS=2 %t.sim 2>&1 | FileCheck %s --check-prefixes=CHECK,ONE
// RUN: env HCC_PLATFORM=%S/Inputs/two-cores.xml OMP_NUM_THREADS=2 %t.sim 2>&1 | FileCheck %s --check-prefixes=CHECK,NONE
// RUN: env OMP_NUM_THREADS=2 %t.native 2>&1 | FileCheck %s
// CHECK: critical counter 200
// MOVES-SAME: {{ 110\.[0-9] ms}}
// ONE-SAME: {{ 200\.[0-9] ms}}
// NONE-SAME: {{ 100\.[0-9] ms}}
// CHECK: lock counter 200
// MOVES-SAME: {{ 110\.[0-9] ms}}
// ONE-SAME: {{ 200\.[0-9] ms}}
// NONE-SAME: {{ 100\.[0-9] ms}}
// CHECK: task counter 200
#include <omp.h>
#include <stdio.h>

static int counter;
static omp_lock_t lock;

static void idle(void) {}

static void sections(int n) {
  for (int i = 0; i < n; ++i) {
#pragma omp critical
    counter++;
#pragma hcc delay(seconds = 1e-3)
    idle();
  }
}

int main(void) {
  double start = omp_get_wtime();
#pragma omp parallel num_threads(2)
  sections(100);
  printf("critical counter %d %.1f ms\n", counter, (omp_get_wtime() - start) * 1e3);

  counter = 0;
  omp_init_lock(&lock);
  start = omp_get_wtime();
#pragma omp parallel num_threads(2)
  for (int i = 0; i < 100; ++i) {
    omp_set_lock(&lock);
    counter++;
    omp_unset_lock(&lock);
#pragma hcc delay(seconds = 1e-3)
    idle();
  }
  printf("lock counter %d %.1f ms\n", counter, (omp_get_wtime() - start) * 1e3);
  omp_destroy_lock(&lock);

  counter = 0;
#pragma omp parallel
#pragma omp single
  for (int t = 0; t < 8; ++t) {
#pragma omp task
    sections(25);
  }
  printf("task counter %d\n", counter);
  return 0;
}
