// Target regions in the ranks of a simulation, C++: variables of a
// namespace and a class static used in a target region, which holds each
// use twice (the region's copy of `phys::dt` spans `dt` alone: the two
// rewrites overlapped and the simulated build did not compile). The CHECK
// lines are OpenMPI 4.1's output of this program built with mpicxx -fopenmp.
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 2 %t.sim 2>&1 | sort | FileCheck %s
// CHECK: hccsim: mode=simulate
// CHECK-NEXT: rank 0 s=4200.000
// CHECK-NEXT: rank 1 s=10200.000
#include <mpi.h>

#include <cstdio>
#include <vector>

namespace phys {
double dt = 0.1;
int steps = 3;
struct Params {
  double k;
  int n;
} params{2.0, 100};
}  // namespace phys

class Field {
 public:
  static double norm;
};
double Field::norm = 1.0;

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  phys::dt = 0.1 * (rank + 1);
  phys::params.k = rank + 2;
  Field::norm = rank + 1;
  std::vector<double> v(1000, 1.0);
  double *p = v.data(), s = 0;
  for (int t = 0; t < phys::steps; t++) {
#pragma omp target teams distribute parallel for map(tofrom : p[0 : 1000]) reduction(+ : s)
    for (int i = 0; i < 1000; i++) {
      p[i] += phys::dt * phys::params.k * Field::norm;
      s += p[i];
    }
  }
  std::printf("rank %d s=%.3f\n", rank, s);
  MPI_Finalize();
  return 0;
}
