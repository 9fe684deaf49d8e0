/* Task bodies that a simulation runs for real but charges as kernels
 * (bursts.sh): grow() links a node where a loop's condition reads it, so
 * its task steers control code and runs for its effect; compute() has no
 * model in phase 2 and is timed for one. Each burns `unit` seconds of CPU
 * time (the first grow 8 units); a simulation charges grow its model, or
 * without one each run's time, and compute its timed run, never their
 * bursts too. Prints the phases as the program's own clock says, and
 * the nodes linked (what control code saw). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "../sampling/spin.h"

struct node {
  struct node *next;
};

static void grow(struct node *n, double unit) {
  spin(unit);
  n->next = calloc(1, sizeof *n);
}

static void compute(double unit) { spin(unit); }

int main(int argc, char **argv) {
  const double unit = argc > 1 ? atof(argv[1]) : 0.002;
  const int phases = argc > 2 ? atoi(argv[2]) : 2;
  struct node head = {NULL};
  const double t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp single
  {
    struct node *n = &head;
    for (int i = 0; i < 4; ++i) {
#pragma omp task firstprivate(n)
      grow(n, i == 0 ? 8 * unit : unit);
#pragma omp taskwait
      n = n->next;
    }
  }
  const double t1 = omp_get_wtime();
  if (phases > 1) {
#pragma omp parallel
#pragma omp single
#pragma omp task
    compute(unit);
  }
  const double t2 = omp_get_wtime();
  int nodes = 0;
  for (struct node *n = &head; n->next; n = n->next) ++nodes;
  printf("nodes=%d steering=%.6f kernel=%.6f\n", nodes, t1 - t0, t2 - t1);
  return 0;
}
