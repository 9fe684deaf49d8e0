/* hcc-pingpong: the MPI ping-pong hcc-calibrate --network measures (seed
 * 002, section 6, as SKaMPI's): ranks 0 and 1 send a message of each size
 * back and forth; rank 0 prints "bytes,seconds" per size, the median of
 * the one-way times (half a round trip) over the repetitions. Built with
 * OpenMPI (hcc-calibrate runs it under mpirun -np 2) and, for the fidelity
 * benchmark, with hccsim -fsimulate (bench/mpi_pingpong.py), where the same
 * program measures the simulated network.
 *
 *   hcc-pingpong [max bytes = 64 MiB] [repetitions = 1000]
 *
 * Sizes: 1 B to the maximum, four per power of two; the repetitions up to
 * 64 KiB (microseconds each: the median of many is steady), a tenth of them
 * up to 4 MiB, a fiftieth above (at least 5). Progress on stderr when it is
 * a terminal. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int compare(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const long max_bytes = argc > 1 ? atol(argv[1]) : 64L << 20;
  const int reps = argc > 2 ? atoi(argv[2]) : 1000;
  if (size != 2 || max_bytes < 1 || reps < 1) {
    if (rank == 0) fprintf(stderr, "hcc-pingpong: run it on 2 ranks: mpirun -np 2 hcc-pingpong [max bytes] [reps]\n");
    MPI_Finalize();
    return 2;
  }
  char *buf = malloc((size_t)max_bytes);
  double *times = malloc((size_t)reps * sizeof *times);
  if (!buf || !times) MPI_Abort(MPI_COMM_WORLD, 1);
  memset(buf, 1, (size_t)max_bytes);
  const int progress = rank == 0 && isatty(STDERR_FILENO);
  if (rank == 0) printf("bytes,seconds\n");
  long sizes[256];
  int nsizes = 0;
  for (long p = 1; p <= max_bytes && nsizes < 256; p *= 2)
    for (int q = 0; q < 4; ++q) {
      const long s = p + p * q / 4;
      if (s <= max_bytes && (nsizes == 0 || s > sizes[nsizes - 1])) sizes[nsizes++] = s;
    }
  for (int k = 0; k < nsizes; ++k) {
    const long bytes = sizes[k];
    int n = bytes < (1L << 16) ? reps : bytes < (1L << 22) ? reps / 10 : reps / 50;
    if (n < 5) n = reps < 5 ? reps : 5;
    for (int i = -2; i < n; ++i) { /* two warm-up round trips */
      MPI_Barrier(MPI_COMM_WORLD);
      const double start = MPI_Wtime();
      if (rank == 0) {
        MPI_Send(buf, (int)bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(buf, (int)bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      } else {
        MPI_Recv(buf, (int)bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buf, (int)bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
      }
      if (i >= 0) times[i] = (MPI_Wtime() - start) / 2;
    }
    if (rank == 0) {
      qsort(times, (size_t)n, sizeof *times, compare);
      printf("%ld,%.9e\n", bytes, n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2);
      fflush(stdout);
      if (progress) fprintf(stderr, "\rhcc-pingpong: %d/%d sizes", k + 1, nsizes);
    }
  }
  if (progress) fprintf(stderr, "\n");
  free(buf);
  free(times);
  MPI_Finalize();
  return 0;
}
