// Requests of a simulated program that SMPI does not make itself: file
// accesses (sim_mpi_io_requests.cpp) and neighbourhood collectives
// (sim_mpi_neighbors.cpp). The wait and test functions
// (sim_mpi_requests.cpp) complete them.
#pragma once

#include <smpi/smpi.h>

#include <vector>

namespace hcc::rt {

// A request that completes once all of parts, SMPI's requests of one
// nonblocking neighbourhood collective, have.
MPI_Request start_exchange(std::vector<MPI_Request> parts);

// The bytes of the file accesses among n requests, read before the call
// that frees them: empty when no file access is outstanding, the common
// case; -1 for a request that is no file access.
std::vector<int> file_bytes(int n, const MPI_Request* requests);
// Request i's status gets its count back when it was a file access's.
void give_count(MPI_Status* status, const std::vector<int>& bytes, int i);

}  // namespace hcc::rt
