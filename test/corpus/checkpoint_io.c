/* Checkpoint and restart with MPI-IO, as solvers write them: a header that
 * rank 0 writes, each rank's rows of the global field through a subarray
 * view after it (collective), a log of one line per rank in rank order
 * (the shared file pointer), then a restart that reads the field back into
 * fresh memory, rank 0 checking the whole file independently, and a
 * nonblocking read of the header. Simulated, SMPI's MPI-IO stopped on the
 * platform's diskless hosts, and its files held sizes, not contents. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COLS 24
#define ROWS_PER_RANK 5
#define LINE 32

static double value(int row, int col) { return row * 0.5 + col * 0.25 + (row * col % 7); }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int rows = ROWS_PER_RANK * size;
  const char *path = "checkpoint_io.dat";

  double *field = malloc(sizeof(double) * ROWS_PER_RANK * COLS);
  for (int r = 0; r < ROWS_PER_RANK; ++r)
    for (int c = 0; c < COLS; ++c) field[r * COLS + c] = value(rank * ROWS_PER_RANK + r, c);

  MPI_File fh;
  if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh) != MPI_SUCCESS) {
    fprintf(stderr, "cannot create %s\n", path);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_File_set_size(fh, 0);
  int header[4] = {rows, COLS, size, 20240101};
  if (rank == 0) MPI_File_write_at(fh, 0, header, 4, MPI_INT, MPI_STATUS_IGNORE);

  int gsizes[2] = {rows, COLS}, lsizes[2] = {ROWS_PER_RANK, COLS}, starts[2] = {rank * ROWS_PER_RANK, 0};
  MPI_Datatype block;
  MPI_Type_create_subarray(2, gsizes, lsizes, starts, MPI_ORDER_C, MPI_DOUBLE, &block);
  MPI_Type_commit(&block);
  MPI_File_set_view(fh, sizeof header, MPI_DOUBLE, block, "native", MPI_INFO_NULL);
  MPI_Type_free(&block);
  MPI_Status status;
  MPI_File_write_all(fh, field, ROWS_PER_RANK * COLS, MPI_DOUBLE, &status);
  int written;
  MPI_Get_count(&status, MPI_DOUBLE, &written);

  /* The log after the field, one fixed-width line per rank, in rank order. */
  const MPI_Offset log_start = sizeof header + (MPI_Offset)rows * COLS * sizeof(double);
  MPI_File_set_view(fh, log_start, MPI_CHAR, MPI_CHAR, "native", MPI_INFO_NULL);
  char line[LINE + 1];
  snprintf(line, sizeof line, "rank %3d wrote %6d doubles  \n", rank, written);
  MPI_File_write_ordered(fh, line, LINE, MPI_CHAR, MPI_STATUS_IGNORE);
  MPI_File_close(&fh);

  /* Restart: the field back into fresh memory, through the same view. */
  double *restart = calloc(ROWS_PER_RANK * COLS, sizeof(double));
  MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
  int read_header[4];
  MPI_File_read_at_all(fh, 0, read_header, 4, MPI_INT, MPI_STATUS_IGNORE);
  MPI_Type_create_subarray(2, gsizes, lsizes, starts, MPI_ORDER_C, MPI_DOUBLE, &block);
  MPI_Type_commit(&block);
  MPI_File_set_view(fh, sizeof header, MPI_DOUBLE, block, "native", MPI_INFO_NULL);
  MPI_File_read_all(fh, restart, ROWS_PER_RANK * COLS, MPI_DOUBLE, MPI_STATUS_IGNORE);
  int same = memcmp(field, restart, sizeof(double) * ROWS_PER_RANK * COLS) == 0, all_same;
  MPI_Reduce(&same, &all_same, 1, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
  MPI_Type_free(&block);
  MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);

  /* Rank 0 checks the whole file on its own: every value, then the log. */
  if (rank == 0) {
    MPI_Offset bytes;
    MPI_File_get_size(fh, &bytes);
    double *all = malloc(sizeof(double) * rows * COLS);
    MPI_File_read_at(fh, sizeof header, all, rows * COLS, MPI_DOUBLE, MPI_STATUS_IGNORE);
    int wrong = 0;
    double sum = 0;
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < COLS; ++c) {
        wrong += all[r * COLS + c] != value(r, c);
        sum += all[r * COLS + c];
      }
    printf("header %d x %d from %d ranks (%d); file %lld bytes\n", read_header[0], read_header[1], read_header[2],
           read_header[3], (long long)bytes);
    printf("field sum %.2f, %d values wrong, restart %s\n", sum, wrong, all_same ? "identical" : "DIFFERENT");
    char *log = calloc((size_t)size * LINE + 1, 1);
    MPI_File_seek(fh, log_start, MPI_SEEK_SET);
    MPI_File_read(fh, log, size * LINE, MPI_CHAR, &status);
    int got;
    MPI_Get_count(&status, MPI_CHAR, &got);
    printf("log %d bytes, first and last lines:\n%.*s%.*s", got, LINE, log, LINE, log + (size - 1) * LINE);
    MPI_Offset position;
    MPI_File_get_position(fh, &position);
    printf("position after the log %lld\n", (long long)position);

    MPI_Request request;
    int again[4];
    MPI_File_iread_at(fh, 0, again, 4, MPI_INT, &request);
    MPI_Wait(&request, &status);
    MPI_Get_count(&status, MPI_INT, &got);
    printf("nonblocking read: %d ints, rows %d\n", got, again[0]);
    free(log);
    free(all);
  }
  MPI_File_close(&fh);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) MPI_File_delete(path, MPI_INFO_NULL);
  free(restart);
  free(field);
  MPI_Finalize();
  return 0;
}
