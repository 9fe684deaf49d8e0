// A platform whose hosts have disks (a <disk> in the host's XML): a rank's
// MPI-IO takes the time its host's disk's model gives, 10 MB written at
// 50 MB/s (0.2 s) and read at 100 MB/s (0.1 s), the two ranks each on its
// own node's disk at once (two ranks on one node share its disk: 0.4 s and
// 0.2 s); without disks (the presets), the I/O's time measured here is
// charged as the program's CPU time, less (0.001-0.03 s here, up to 0.16 s
// with the machine loaded).
// ALLOW_RETRIES: 2
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 2 --platform %S/Inputs/two-nodes-with-disks.xml %t.sim 2>&1 | FileCheck %s
// RUN: %hccsim-run -np 2 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s --check-prefix=MEASURED
// CHECK: write 0.20{{[0-9]}} s, read 0.10{{[0-9]}} s, 10000000 bytes back
// MEASURED: write 0.{{0|1}}{{[0-9]+}} s, read 0.{{0|1}}{{[0-9]+}} s, 10000000 bytes back
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BYTES 10000000

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char *data = malloc(BYTES);
  for (int i = 0; i < BYTES; ++i) data[i] = (char)(i * 7 + rank);
  MPI_File fh;
  MPI_File_open(MPI_COMM_WORLD, "disk.dat", MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                MPI_INFO_NULL, &fh);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  MPI_File_write_at_all(fh, (MPI_Offset)rank * BYTES, data, BYTES, MPI_CHAR, MPI_STATUS_IGNORE);
  double t1 = MPI_Wtime();
  MPI_Status st;
  MPI_File_read_at_all(fh, (MPI_Offset)rank * BYTES, data, BYTES, MPI_CHAR, &st);
  double t2 = MPI_Wtime();
  int count;
  MPI_Get_count(&st, MPI_CHAR, &count);
  if (rank == 1) printf("write %.3f s, read %.3f s, %d bytes back\n", t1 - t0, t2 - t1, count);
  MPI_File_close(&fh);
  free(data);
  MPI_Finalize();
  return 0;
}
