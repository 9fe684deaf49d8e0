// MPI-IO's errors in a simulation, as MPI defines them: returned by default
// (files' error handler is MPI_ERRORS_RETURN), passed to a handler of the
// program's, and one line that says what and where once the program asks
// for MPI_ERRORS_ARE_FATAL. Handlers run in their rank's image: the second
// rank's set the first rank's `handled`.
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: not %hccsim-run -np 2 --platform cluster-64x16 %t.sim > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// CHECK: missing: no such file 1, handle null 1
// CHECK: read-only with create: bad access mode 1
// CHECK: write to a read-only file: read only 1
// CHECK: external32: unsupported representation 1
// CHECK: handler called with read only 1
// CHECK: not a file: bad file 1
// CHECK-NOT: after the fatal open
// ERR: hccsim: error: MPI_File_open: cannot open 'missing.dat': No such file or directory
// ERR-NOT: hccsim: mode=simulate
#include <mpi.h>
#include <stdio.h>

static int handled = -1;

static void handler(MPI_File *fh, int *code, ...) { handled = *code; }

static int is(int code, int class) {
  int c;
  MPI_Error_class(code, &c);
  return c == class;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_File fh;
  int rc = MPI_File_open(MPI_COMM_WORLD, "missing.dat", MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
  if (rank == 0) printf("missing: no such file %d, handle null %d\n", is(rc, MPI_ERR_NO_SUCH_FILE), fh == MPI_FILE_NULL);
  rc = MPI_File_open(MPI_COMM_WORLD, "new.dat", MPI_MODE_RDONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh);
  if (rank == 0) printf("read-only with create: bad access mode %d\n", is(rc, MPI_ERR_AMODE));

  MPI_File_open(MPI_COMM_WORLD, "new.dat", MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh);
  MPI_File_close(&fh);
  MPI_File_open(MPI_COMM_WORLD, "new.dat", MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
  rc = MPI_File_write_at(fh, 0, &rank, 1, MPI_INT, MPI_STATUS_IGNORE);
  if (rank == 0) printf("write to a read-only file: read only %d\n", is(rc, MPI_ERR_READ_ONLY));
  rc = MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "external32", MPI_INFO_NULL);
  if (rank == 0) printf("external32: unsupported representation %d\n", is(rc, MPI_ERR_UNSUPPORTED_DATAREP));
  MPI_Errhandler mine;
  MPI_File_create_errhandler(handler, &mine);
  MPI_File_set_errhandler(fh, mine);
  MPI_File_write_at(fh, 0, &rank, 1, MPI_INT, MPI_STATUS_IGNORE);
  if (rank == 0) printf("handler called with read only %d\n", is(handled, MPI_ERR_READ_ONLY));
  MPI_File_close(&fh);
  if (rank == 0) MPI_File_delete("new.dat", MPI_INFO_NULL);
  MPI_Offset size;
  rc = MPI_File_get_size(fh, &size);
  if (rank == 0) printf("not a file: bad file %d\n", is(rc, MPI_ERR_FILE));
  fflush(stdout);

  MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_ARE_FATAL);
  MPI_File_open(MPI_COMM_WORLD, "missing.dat", MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
  printf("after the fatal open\n");
  MPI_Finalize();
  return 0;
}
