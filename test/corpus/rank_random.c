/* Each rank seeds the C library's generators with its rank and draws
 * between barriers, as benchmarks initialise their data: natively each
 * rank is a process with its own generator state. Also the first numbers
 * of an unseeded generator, erand48 on the caller's state, and a state
 * swapped with initstate/setstate. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  long first = rand(), first48 = lrand48();
  srand(42 + rank);
  srand48(7 + rank);
  long s = 0;
  double d = 0;
  for (int step = 0; step < 3; ++step) {
    for (int i = 0; i < 1000; ++i) s += rand() % 100 + random() % 7;
    for (int i = 0; i < 1000; ++i) d += drand48() + mrand48() * 1e-12;
    MPI_Barrier(MPI_COMM_WORLD);
  }
  unsigned short x[3] = {1, 2, (unsigned short)rank};
  double e = erand48(x);
  static char state[64];
  char *old = initstate(5 + (unsigned)rank, state, sizeof state);
  long swapped = random();
  setstate(old);
  long back = random();
  /* Rank 0 prints every rank's line, in rank order. */
  char line[200];
  snprintf(line, sizeof line, "rank_random: rank %d first=%ld first48=%ld s=%ld d=%.6f e=%.9f swapped=%ld back=%ld",
           rank, first, first48, s, d, e, swapped, back);
  int size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char *lines = rank == 0 ? malloc((size_t)size * sizeof line) : NULL;
  MPI_Gather(line, sizeof line, MPI_CHAR, lines, sizeof line, MPI_CHAR, 0, MPI_COMM_WORLD);
  if (rank == 0)
    for (int r = 0; r < size; ++r) printf("%s\n", lines + (size_t)r * sizeof line);
  free(lines);
  MPI_Finalize();
  return 0;
}
