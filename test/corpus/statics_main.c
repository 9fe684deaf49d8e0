/* Calls a helper of another file (statics_util.c) whose state is in file
 * statics: each rank, as a process of its own, counts its own calls and
 * draws the same sequence. */
#include <mpi.h>
#include <stdio.h>

unsigned long long util_next(void);
int util_calls(void);

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  unsigned long long last = 0;
  for (int i = 0; i < 5; ++i) {
    last = util_next();
    MPI_Barrier(MPI_COMM_WORLD);
  }
  unsigned long long first_rank = last;
  MPI_Bcast(&first_rank, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  int same = last == first_rank, calls = util_calls(), all_same = 0, max_calls = 0, min_calls = 0;
  MPI_Reduce(&same, &all_same, 1, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
  MPI_Reduce(&calls, &max_calls, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Reduce(&calls, &min_calls, 1, MPI_INT, MPI_MIN, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("statics: calls per rank %d..%d, every rank drew %016llx: %s\n", min_calls, max_calls, last,
           all_same ? "yes" : "no");
  MPI_Finalize();
  return 0;
}
