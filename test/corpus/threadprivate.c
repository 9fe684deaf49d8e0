/* threadprivate counters in an MPI+OpenMP program: each team thread of each
 * rank counts into its own copy, which persists from one parallel region to
 * the next of the same team, the program's thread's being thread 0's, and
 * copyin starts a region from the master's. */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

static int counter;
static double scale = 1.5;
#pragma omp threadprivate(counter, scale)

int main(int argc, char **argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int bad = 0;
#pragma omp parallel reduction(+ : bad)
  {
    counter = 100 * rank + omp_get_thread_num();
#pragma omp barrier
    bad += counter != 100 * rank + omp_get_thread_num();
  }
#pragma omp parallel reduction(+ : bad)
  bad += counter != 100 * rank + omp_get_thread_num() || scale != 1.5;
  // The program's thread is thread 0: its copy is the one thread 0 set.
  bad += counter != 100 * rank;
  counter = -1;
#pragma omp parallel reduction(+ : bad)
  if (omp_get_thread_num() == 0) {
    bad += counter != -1;
    counter = -2;
  }
  bad += counter != -2;
  scale = 2.5;
#pragma omp parallel copyin(scale) reduction(+ : bad)
  bad += scale != 2.5;
  int all = 0;
  MPI_Reduce(&bad, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("threadprivate: ranks=%d wrong copies=%d\n", size, all);
  MPI_Finalize();
  return 0;
}
