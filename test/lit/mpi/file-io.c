// MPI-IO in a simulation writes and reads the real file, as natively (SMPI's
// MPI_File_open stopped on the presets' diskless hosts, and its files held
// sizes, not contents): explicit offsets, a strided view (a vector
// filetype resized to tile the ranks' elements in turn), the shared file
// pointer (MPI_File_write_shared, _write_ordered), nonblocking accesses
// whose MPI_Wait gives their count, seeks from the end, a split
// collective, and a file deleted on close (named with ROMIO's prefix of a
// file system, "ufs:", which names the same file). Every value is checked against
// what the program wrote; OpenMPI prints the same (test/corpus compares a
// checkpoint program natively and simulated).
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 4 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s
// RUN: ls %t.dir | FileCheck %s --check-prefix=FILES --allow-empty
// CHECK: explicit: 64 ints, 0 wrong
// CHECK: interleaved: 0 wrong, a view of 8-byte tiles from byte 256, rank 2's element 5 at byte 432
// CHECK: shared: 4 lines, one per rank; ordered: rank 0 first, rank 3 last
// CHECK: nonblocking: wrote 16, read 16 ints, 0 wrong
// CHECK: end: size 2048, 4 ints before the end, then at 524
// CHECK: split: 16 doubles read back, 0 wrong
// CHECK: deleted on close: gone
// CHECK: hccsim: mode=simulate
// FILES-NOT: scratch
// FILES: data.bin
// FILES-NOT: scratch
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_File fh;
  MPI_Status st;
  int count;

  // Each rank's 16 ints at its own offset, read back whole by rank 0.
  MPI_File_open(MPI_COMM_WORLD, "data.bin", MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
  int mine[16], all[64];
  for (int i = 0; i < 16; ++i) mine[i] = rank * 1000 + i;
  MPI_File_write_at(fh, (MPI_Offset)rank * sizeof mine, mine, 16, MPI_INT, MPI_STATUS_IGNORE);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    MPI_File_read_at(fh, 0, all, 64, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    int wrong = 0;
    for (int i = 0; i < 64; ++i) wrong += all[i] != (i / 16) * 1000 + i % 16;
    printf("explicit: %d ints, %d wrong\n", count, wrong);
  }

  // Doubles interleaved by rank after the ints: a rank's element k lies at
  // k * size + rank (a vector of one double resized to one double's extent
  // times the ranks, at the rank's displacement).
  MPI_Datatype one, tile;
  MPI_Type_contiguous(1, MPI_DOUBLE, &one);
  MPI_Type_create_resized(one, 0, size * sizeof(double), &tile);
  MPI_Type_commit(&tile);
  MPI_File_set_view(fh, 256 + rank * sizeof(double), MPI_DOUBLE, tile, "native", MPI_INFO_NULL);
  MPI_Type_free(&tile);
  MPI_Type_free(&one);
  double values[16];
  for (int k = 0; k < 16; ++k) values[k] = rank + k * 0.5;
  MPI_File_write_all(fh, values, 16, MPI_DOUBLE, MPI_STATUS_IGNORE);
  MPI_Offset where;
  MPI_File_get_byte_offset(fh, 5, &where);
  MPI_Offset disp;
  MPI_Datatype etype, filetype;
  char rep[MPI_MAX_DATAREP_STRING];
  MPI_File_get_view(fh, &disp, &etype, &filetype, rep);
  int filetype_size;
  MPI_Type_size(filetype, &filetype_size);
  MPI_Type_free(&filetype);
  int wrong = 0;
  if (rank == 0) {
    double back[64];
    MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
    MPI_File_read_at(fh, 256, back, 64, MPI_DOUBLE, MPI_STATUS_IGNORE);
    for (int i = 0; i < 64; ++i) wrong += back[i] != (i % size) + (i / size) * 0.5;
  } else {
    MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
  }
  MPI_Offset rank2_where = where;
  MPI_Bcast(&rank2_where, 1, MPI_LONG_LONG, 2, MPI_COMM_WORLD);
  if (rank == 0)
    printf("interleaved: %d wrong, a view of %d-byte tiles from byte %lld, rank 2's element 5 at byte %lld\n", wrong,
           filetype_size, (long long)disp, (long long)rank2_where);

  // The shared file pointer: one line per rank in any order, then in rank order.
  MPI_File_set_view(fh, 768, MPI_CHAR, MPI_CHAR, "native", MPI_INFO_NULL);
  char line[17];
  snprintf(line, sizeof line, "rank %2d here   \n", rank);
  MPI_File_write_shared(fh, line, 16, MPI_CHAR, MPI_STATUS_IGNORE);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Offset shared;
  MPI_File_get_position_shared(fh, &shared);
  MPI_File_seek_shared(fh, 64, MPI_SEEK_SET);
  MPI_File_write_ordered(fh, line, 16, MPI_CHAR, MPI_STATUS_IGNORE);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    char text[129] = {0};
    MPI_File_read_at(fh, 64, text, 64, MPI_CHAR, MPI_STATUS_IGNORE);
    printf("shared: %lld lines, one per rank; ordered: rank %c first, rank %c last\n", (long long)shared / 16,
           text[6], text[48 + 6]);
  }

  // Nonblocking: written at the rank's offset, read back, counted by MPI_Wait.
  MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
  MPI_Request requests[2];
  int again[16];
  MPI_File_iwrite_at(fh, 1024 + rank * sizeof mine, mine, 16, MPI_INT, &requests[0]);
  MPI_Waitall(1, requests, &st);
  MPI_Get_count(&st, MPI_INT, &count);
  int written = count;
  MPI_File_iread_at(fh, 1024 + rank * sizeof mine, again, 16, MPI_INT, &requests[1]);
  MPI_Wait(&requests[1], &st);
  MPI_Get_count(&st, MPI_INT, &count);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == size - 1) {
    wrong = memcmp(again, mine, sizeof mine) != 0;
    printf("nonblocking: wrote %d, read %d ints, %d wrong\n", written, count, wrong);
    fflush(stdout);
  }
  MPI_Barrier(MPI_COMM_WORLD);

  // Seeks from the end: the file is 2048 bytes after the preallocation;
  // the pointer moves by the 16 ints asked, as OpenMPI's does.
  MPI_File_preallocate(fh, 2048);
  MPI_Offset bytes, position;
  MPI_File_get_size(fh, &bytes);
  MPI_File_seek(fh, -4 * (MPI_Offset)sizeof(int), MPI_SEEK_END);
  MPI_File_read(fh, again, 16, MPI_INT, &st);
  MPI_Get_count(&st, MPI_INT, &count);
  MPI_File_get_position(fh, &position);
  if (rank == 0) printf("end: size %lld, %d ints before the end, then at %lld\n", (long long)bytes, count, (long long)position / 4);

  // A split collective read of the interleaved doubles.
  double split[16];
  MPI_File_set_view(fh, 256, MPI_DOUBLE, MPI_DOUBLE, "native", MPI_INFO_NULL);
  MPI_File_read_at_all_begin(fh, 16 * rank, split, 16, MPI_DOUBLE);
  MPI_File_read_at_all_end(fh, split, &st);
  MPI_Get_count(&st, MPI_DOUBLE, &count);
  wrong = 0;
  for (int i = 0; i < 16; ++i) {
    const int k = 16 * rank + i;
    wrong += split[i] != (k % size) + (k / size) * 0.5;
  }
  if (rank == 0) printf("split: %d doubles read back, %d wrong\n", count, wrong);
  MPI_File_close(&fh);

  MPI_File_open(MPI_COMM_WORLD, "ufs:scratch", MPI_MODE_CREATE | MPI_MODE_WRONLY | MPI_MODE_DELETE_ON_CLOSE,
                MPI_INFO_NULL, &fh);
  MPI_File_write_at(fh, rank * 4, &rank, 1, MPI_INT, MPI_STATUS_IGNORE);
  MPI_File_close(&fh);
  if (rank == 0) {
    FILE *f = fopen("scratch", "r");
    printf("deleted on close: %s\n", f ? "still there" : "gone");
  }
  MPI_Finalize();
  return 0;
}
