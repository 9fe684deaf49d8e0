// Task bodies whose stores steer control code run in simulation, for their
// effects, charged their kernel's model (HCC_CODELET_STEERS): a body that
// stores a pointer into the program's data (a block it allocated, directly
// or through a function of the file) where a condition or any other code
// reads it (`scratch[n] = malloc(...)` that another task frees), frees a
// block that is not its own, or sets a count or flag that a condition
// reads; `#pragma hcc task run` forces it. Stores of numbers into arrays,
// into the task's own variables and into what no code reads (`kept`) are
// computation: simulated.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s
// RUN: %clang -fsyntax-only -fopenmp -fplugin=%hccplugin -fplugin-arg-hcc-remarks %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REQUIRES: hcc-plugin
#include <stdlib.h>

void bmod(float *inner, const float *row);
float *allocate_block(void) { return calloc(16, sizeof(float)); }
struct node { struct node *next; double value; };
static void link_node(struct node *n) { n->next = malloc(sizeof *n); }

int found, visited;
void *kept[4];
float *scratch[4];
double total;

void f(float **matrix, float *out, int n, struct node *head) {
#pragma omp task shared(matrix)
  {
    if (matrix[n] == NULL) matrix[n] = allocate_block();
    bmod(matrix[n], matrix[0]);
  }
// REMARK: steering-tasks.c:[[@LINE-5]]:1: remark: hccsim: task 'steering-tasks.c:[[@LINE-5]]' (runs in simulation: its stores steer control code)
#pragma omp task
  link_node(head);
// REMARK: steering-tasks.c:[[@LINE-2]]:1: remark: hccsim: task 'link_node' (runs in simulation: its stores steer control code)
#pragma omp task shared(found)
  found = out[0] > 1;
#pragma omp task shared(visited, total)
  {
    visited++;
    total += out[1];
  }
#pragma omp task firstprivate(n)
  {
    float *mine = out + n;
    for (int i = 0; i < 16; ++i) mine[i] *= 2;
  }
// REMARK: steering-tasks.c:[[@LINE-5]]:1: remark: hccsim: task 'steering-tasks.c:[[@LINE-5]]', work hcc_loop_trip((double)(0), (double)(16), 1, 0){{$}}
#pragma omp task
#pragma hcc task run
  bmod(out, out);
// REMARK: steering-tasks.c:[[@LINE-3]]:1: remark: hccsim: task 'bmod' (runs in simulation: hcc task run)
#pragma omp task
  kept[n] = malloc(8);
#pragma omp task firstprivate(n)
  scratch[n] = malloc(16 * sizeof(float));
// REMARK: steering-tasks.c:[[@LINE-2]]:1: remark: hccsim: task 'malloc' (runs in simulation: its stores steer control code)
#pragma omp task firstprivate(n)
  free(scratch[n]);
// REMARK: steering-tasks.c:[[@LINE-2]]:1: remark: hccsim: task 'free' (runs in simulation: its stores steer control code)
  if (found || head->next) return;
}

// CHECK: __hcc_ti0 = {"steering-tasks.c:26", "steering-tasks.c", 26, HCC_CODELET_STEERS,
// CHECK: __hcc_ti1 = {"link_node", "steering-tasks.c", 32, HCC_CODELET_STEERS,
// CHECK: __hcc_ti2 = {"steering-tasks.c:35", "steering-tasks.c", 35, HCC_CODELET_STEERS,
// CHECK: __hcc_ti3 = {"steering-tasks.c:37", "steering-tasks.c", 37, 0,
// CHECK: __hcc_ti4 = {"steering-tasks.c:42", "steering-tasks.c", 42, 0,
// CHECK: __hcc_ti5 = {"bmod", "steering-tasks.c", 48, HCC_CODELET_STEERS,
// CHECK: __hcc_ti6 = {"malloc", "steering-tasks.c", 52, 0,
// CHECK: __hcc_ti7 = {"malloc", "steering-tasks.c", 54, HCC_CODELET_STEERS,
// CHECK: __hcc_ti8 = {"free", "steering-tasks.c", 57, HCC_CODELET_STEERS,
