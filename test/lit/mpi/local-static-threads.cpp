// A function-local static that two threads of a rank reach at once, whose
// constructor enters the runtime (here omp_get_wtime, after 2 ms of work):
// one thread constructs it while the other waits, as the C++ runtime's
// guard has it wait natively. Before, a simulation let the other thread,
// which ran while the first was in the runtime, construct it again over
// the first's (two constructions per rank where natively one).
// RUN: %hccsim -fsimulate -std=c++17 -Wall -Werror %s -o %t.sim
// RUN: %hccsim-run -np 2 --platform local-2node %t.sim 2>&1 | FileCheck %s
// RUN: %hccsim -fnative -std=c++17 -Wall -Werror %s -o %t.native
// CHECK-DAG: rank 0: 1 construction(s), sizes 10 10
// CHECK-DAG: rank 1: 1 construction(s), sizes 10 10
#include <mpi.h>
#include <omp.h>
#include <cstdio>
#include <ctime>

static int constructions = 0;

static double cpu_now() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

struct Table {
  Table() {
    ++constructions;
    const double end = cpu_now() + 0.002;
    while (cpu_now() < end) {
    }
    started = omp_get_wtime();
    size = 10;
  }
  double started = 0;
  int size = 0;
};

Table &table() {
  static Table t;
  return t;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int sizes[2] = {0, 0};
#pragma omp parallel num_threads(2)
  sizes[omp_get_thread_num()] = table().size;
  std::printf("rank %d: %d construction(s), sizes %d %d\n", rank, constructions, sizes[0], sizes[1]);
  MPI_Finalize();
  return 0;
}
