// thread_local counters in a C++ MPI+OpenMP program, one with a dynamic
// initialiser (it runs once per thread that uses it): each team thread of
// each rank has its own.
#include <mpi.h>
#include <omp.h>

#include <cstdio>
#include <string>

namespace {
int initialised_by = -1;
struct Tally {
  int thread = omp_get_thread_num();
  std::string tag = "thread-" + std::to_string(omp_get_thread_num());
  long count = 0;
};
thread_local Tally tally;
thread_local int hits = 0;
}  // namespace

int main(int argc, char **argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int bad = 0;
#pragma omp parallel reduction(+ : bad)
  {
    const int me = omp_get_thread_num();
    for (int i = 0; i <= me + rank; ++i) {
      ++hits;
      tally.count += i;
    }
#pragma omp barrier
    bad += hits != me + rank + 1;
    bad += tally.thread != me || tally.tag != "thread-" + std::to_string(me);
    bad += tally.count != static_cast<long>(me + rank) * (me + rank + 1) / 2;
  }
  (void)initialised_by;
  int all = 0;
  MPI_Reduce(&bad, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) std::printf("thread_local: ranks=%d wrong copies=%d\n", size, all);
  MPI_Finalize();
  return 0;
}
