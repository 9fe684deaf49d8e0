// Target regions in the ranks of a simulation: each rank's globals, mapped
// whole, by a member or an array section, or not mapped at all (a scalar
// the region takes a copy of: what it writes there is dropped), a global
// in a target loop's bounds, a `declare target` variable, a deferred
// target task. Before, a simulated build did not compile (target
// constructs refused); with them allowed, a region read the copy of the
// original that clang makes, not the rank's (a segmentation fault at 2
// ranks), and a member's map named no variable. The CHECK lines are
// OpenMPI 4.1's output of this program built with mpicc -fopenmp.
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 2 %t.sim 2>&1 | sort | FileCheck %s
// CHECK: hccsim: mode=simulate
// CHECK-NEXT: rank 0: total 1531500 coef 2 scale 11 cells 0 x 11 steps 5 dropped 7 rows 4
// CHECK-NEXT: rank 1: total 1531500 coef 3 scale 21 cells 1 x 22 steps 6 dropped 7 rows 3
#include <mpi.h>
#include <stdio.h>

#define N 1000
double field[N];
double coef = 0.5;
struct grid {
  int n;
  double cells[N];
} g;
static double scale = 2.0;
#pragma omp declare target(scale)
int steps = 7, first = 0;

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  coef = 1.0 + rank;
  scale = 10.0 * (rank + 1);
  g.n = N;
  for (int i = 0; i < N; i++) {
    field[i] = rank + i;
    g.cells[i] = rank;
  }
  double local = 0, total = 0;
#pragma omp target teams distribute parallel for map(tofrom : field[0 : N]) map(to : g.cells[0 : N], g.n) \
    reduction(+ : local)
  for (int i = 0; i < N; i++) {
    field[i] = field[i] * coef + scale + g.cells[i];
    local += field[i];
  }
#pragma omp target map(tofrom : coef)
  coef += 1;
#pragma omp target
  scale += 1;
  double x = 0;
#pragma omp target map(tofrom : x, g) depend(out : x) nowait
  x = g.cells[0] + scale;
#pragma omp taskwait
  // A copy of steps in the region: its writes are dropped.
  int seen = 0, rows = 0;
  steps = 5 + rank;
#pragma omp target map(tofrom : seen)
  {
    seen = steps;
    steps = 100;
  }
  first = rank;
#pragma omp target teams distribute parallel for reduction(+ : rows)
  for (int i = first; i < 4; i++) rows += 1;
  MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  printf("rank %d: total %.0f coef %.0f scale %.0f cells %.0f x %.0f steps %d dropped %d rows %d\n", rank, total,
         coef, scale, g.cells[N - 1], x, seen, steps == 100 ? 0 : 7, rows);
  MPI_Finalize();
  return 0;
}
