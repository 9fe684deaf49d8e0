// The data accesses of a simulation's MPI-IO (sim_mpi_io.cpp), for its
// nonblocking accesses (sim_mpi_io_requests.cpp).
#pragma once

#include <smpi/smpi.h>

namespace hcc::rt {

// Where an access begins: an explicit offset, the rank's file pointer, the
// file pointer its handle shares with the other ranks' of the same open.
enum class FilePointer { Explicit, Individual, Shared };

// Moves count items of type between buf and the file, at the view's etype
// `offset` or at the pointer, after a barrier of the file's ranks when
// collective; returns an MPI error code (raised through the file's error
// handler) and sets status's count to the bytes moved.
int file_access(const char* function, MPI_File fh, bool write, FilePointer pointer, MPI_Offset offset,
                const void* buf, int count, MPI_Datatype type, MPI_Status* status, bool collective);

}  // namespace hcc::rt
