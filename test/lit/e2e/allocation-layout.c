// A simulated program's small blocks lie as natively: one after the other.
// The simulation's table of the program's blocks is mapped apart from the
// C library's heap; allocated by malloc, a node of it sat after each of the
// program's blocks, and a k-d tree's nodes, half as dense in the caches,
// made its simulated build 50 % slower than the native one.
// RUN: %hccsim -fnative -O2 %s -o %t.native
// RUN: %hccsim -fsimulate -O2 %s -o %t.sim
// RUN: %t.native | FileCheck %s
// RUN: env HCC_PLATFORM=laptop %t.sim 2>/dev/null | FileCheck %s
// CHECK: adjacent: most
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
  double x, y;
  struct node *left, *right;
  int axis;
};

int main(void) {
  enum { N = 1000 };
  static struct node *nodes[N];
  int adjacent = 0;
  for (int i = 0; i < N; ++i) {
    nodes[i] = malloc(sizeof *nodes[i]);
    nodes[i]->axis = i;
    if (i > 0 && (uintptr_t)nodes[i] - (uintptr_t)nodes[i - 1] == 48) adjacent++;
  }
  printf("adjacent: %s (%d of %d)\n", adjacent >= 9 * N / 10 ? "most" : "few", adjacent, N - 1);
  for (int i = 0; i < N; ++i) free(nodes[i]);
  return 0;
}
