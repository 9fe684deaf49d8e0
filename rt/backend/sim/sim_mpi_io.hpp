// MPI-IO in a simulation (sim_mpi_io.cpp says how): a rank's open file,
// shared by its entry points (sim_mpi_io.cpp, sim_mpi_io_handles.cpp,
// sim_mpi_io_requests.cpp).
#pragma once

#include <smpi/smpi.h>

#include <string>

#include "file_view.hpp"

namespace hcc::rt {

// Where an access begins: an explicit offset, the rank's file pointer, the
// file pointer its handle shares with the other ranks' of the same open.
enum class FilePointer { Explicit, Individual, Shared };

// The shared file pointer of one collective MPI_File_open, in etypes: the
// ranks' handles all point to it.
struct SharedPointer {
  MPI_Offset position = 0;
  int handles = 0;
  double written_until = 0;  // the simulated time the file's last write ends (sim_mpi_io.cpp's charge_io)
};

struct OpenFile {
  MPI_Comm comm = MPI_COMM_NULL;  // a duplicate of the open's communicator
  int rank = 0;                   // in comm
  int fd = -1;
  int amode = 0;
  std::string path;
  MPI_Info info = MPI_INFO_NULL;
  FileView view;
  MPI_Datatype etype = MPI_BYTE, filetype = MPI_BYTE;  // the view's, duplicated when derived
  MPI_Offset position = 0;                              // the individual file pointer, in etypes
  SharedPointer* shared = nullptr;
  MPI_Errhandler errhandler = MPI_ERRHANDLER_NULL;
  int atomicity = 0;
  int64_t split_bytes = -1;  // what a split collective's _begin accessed; -1: none begun
};

// The open file of a handle; null for a handle that is none.
OpenFile* file_of(MPI_File fh);
void add_open_file(OpenFile* f);
void remove_open_file(OpenFile* f);
// The rank's handler of errors outside files (MPI_File_open's, ...).
MPI_Errhandler default_file_errhandler();
// Raises error `code` of `function` on the file (null: no file) through its
// error handler: MPI_ERRORS_ARE_FATAL stops the simulation with one line
// saying what, a handler of the program's is called; returns the code.
int raise(OpenFile* f, MPI_File handle, const char* function, int code, const std::string& what);
int no_file(MPI_File fh, const char* function);
int error_of_errno(int e);
// A collective move of the shared file pointer (MPI_File_seek_shared,
// MPI_File_set_view): once every rank's accesses at the old position are
// done, and before any rank's at the new one.
void set_shared_position(OpenFile& f, MPI_Offset position);

// Moves count items of type between buf and the file, at the view's etype
// `offset` or at the pointer, after a barrier of the file's ranks when
// collective; returns an MPI error code (raised through the file's error
// handler) and sets status's count to the bytes moved.
int file_access(const char* function, MPI_File fh, bool write, FilePointer pointer, MPI_Offset offset,
                const void* buf, int count, MPI_Datatype type, MPI_Status* status, bool collective);

}  // namespace hcc::rt
