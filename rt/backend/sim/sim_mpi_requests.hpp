// Requests of a simulated program that SMPI does not make itself: file
// accesses (sim_mpi_io_requests.cpp), neighbourhood collectives
// (sim_mpi_neighbors.cpp), reductions over operations that are not
// commutative (sim_mpi_ordered_reductions.cpp) and persistent sends' messages
// (sim_mpi_persistent.cpp). The wait and test functions
// (sim_mpi_requests.cpp) complete them.
#pragma once

#include <smpi/smpi.h>

#include <functional>
#include <vector>

namespace hcc::rt {

// The requests to give SMPI for n of the program's, while it lives: each
// started persistent send's current message in its place (an inactive
// one's: MPI_REQUEST_NULL); when it ends, what SMPI did to them goes back
// to the program's requests, a completed message leaving its persistent
// send inactive. No copy when the program has no persistent send.
class SmpiRequests {
 public:
  SmpiRequests(int n, MPI_Request* program);
  ~SmpiRequests();
  SmpiRequests(const SmpiRequests&) = delete;
  SmpiRequests& operator=(const SmpiRequests&) = delete;
  MPI_Request* data();

 private:
  MPI_Request* program_;
  std::vector<MPI_Request> given_;
};

// Frees request when it is a persistent send's (its message, if any,
// completes on its own); false when it is not one.
bool free_persistent_send(MPI_Request* request);

// A request that completes once all of parts, SMPI's requests of one
// nonblocking collective (sim_mpi_neighbors.cpp,
// sim_mpi_ordered_reductions.cpp), have, and finish (if any) has run.
MPI_Request start_exchange(std::vector<MPI_Request> parts, std::function<void()> finish = {});

// The bytes of the file accesses among n requests, read before the call
// that frees them: empty when no file access is outstanding, the common
// case; -1 for a request that is no file access.
std::vector<int> file_bytes(int n, const MPI_Request* requests);
// Request i's status gets its count back when it was a file access's.
void give_count(MPI_Status* status, const std::vector<int>& bytes, int i);

}  // namespace hcc::rt
