/* A checkpoint's I/O (bench/mpi_io.py): each rank writes MiB of doubles to
 * its block of one file (MPI_File_write_at_all), reads them back
 * (MPI_File_read_at_all), then writes them as its block of columns of a
 * 2-D array through a subarray view, rows of 1024 doubles a rank
 * (MPI_File_write_all); prints each phase's time, the slowest rank's.
 * usage: checkpoint MIB_PER_RANK */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static double slowest(double seconds) {
  double max;
  MPI_Reduce(&seconds, &max, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  return max;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const long n = (argc > 1 ? atol(argv[1]) : 4) * (1L << 20) / sizeof(double);
  double *data = malloc(n * sizeof(double));
  for (long i = 0; i < n; ++i) data[i] = rank + i * 1e-6;

  MPI_File fh;
  MPI_File_open(MPI_COMM_WORLD, "checkpoint.dat", MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                MPI_INFO_NULL, &fh);
  MPI_Barrier(MPI_COMM_WORLD);
  double t = MPI_Wtime();
  MPI_File_write_at_all(fh, (MPI_Offset)rank * n * sizeof(double), data, (int)n, MPI_DOUBLE, MPI_STATUS_IGNORE);
  const double write = slowest(MPI_Wtime() - t);
  MPI_Barrier(MPI_COMM_WORLD);
  t = MPI_Wtime();
  MPI_File_read_at_all(fh, (MPI_Offset)rank * n * sizeof(double), data, (int)n, MPI_DOUBLE, MPI_STATUS_IGNORE);
  const double read = slowest(MPI_Wtime() - t);

  const int columns = 1024, rows = (int)(n / columns);
  int sizes[2] = {rows, columns * size}, block[2] = {rows, columns}, starts[2] = {0, columns * rank};
  MPI_Datatype tile;
  MPI_Type_create_subarray(2, sizes, block, starts, MPI_ORDER_C, MPI_DOUBLE, &tile);
  MPI_Type_commit(&tile);
  MPI_File_set_view(fh, (MPI_Offset)size * n * sizeof(double), MPI_DOUBLE, tile, "native", MPI_INFO_NULL);
  MPI_Barrier(MPI_COMM_WORLD);
  t = MPI_Wtime();
  MPI_File_write_all(fh, data, rows * columns, MPI_DOUBLE, MPI_STATUS_IGNORE);
  const double columns_time = slowest(MPI_Wtime() - t);
  MPI_File_close(&fh);
  if (rank == 0) printf("write %.6f read %.6f columns %.6f\n", write, read, columns_time);
  MPI_Type_free(&tile);
  free(data);
  MPI_Finalize();
  return 0;
}
