// Nonblocking MPI-IO in a simulation (MPI_File_iread, MPI_File_iwrite_at,
// ...): the access is made at once (sim_mpi_io.cpp) and its request is a
// generalized request completed before it is returned, which the program
// waits for or tests as any other.
//
// SMPI's MPI_Wait and MPI_Test empty a generalized request's status after
// its query function filled it, so a nonblocking read's MPI_Get_count would
// say 0: the wait and test functions (sim_mpi_requests.cpp) give a file
// access's status its count back from file_bytes. The driver links this
// object into simulated MPI programs (-Wl,-u,hcc_sim_mpi_io_requests), as
// it does sim_mpi.cpp.
#include <smpi/smpi.h>

#include <map>
#include <vector>

#include "sim_mpi.hpp"
#include "sim_mpi_io.hpp"
#include "sim_mpi_requests.hpp"

extern "C" {
extern const int hcc_sim_mpi_io_requests = 1;
}

namespace {

using hcc::rt::FilePointer;

// The bytes accessed by each nonblocking file access whose request is not
// freed yet (the generalized request's state).
std::map<MPI_Request, int*>& file_requests() {
  static std::map<MPI_Request, int*> requests;
  return requests;
}

int query(void* state, MPI_Status* status) {
  PMPI_Status_set_elements(status, MPI_BYTE, *static_cast<int*>(state));
  return MPI_SUCCESS;
}

int free_state(void* state) {
  auto& requests = file_requests();
  for (auto it = requests.begin(); it != requests.end(); ++it)
    if (it->second == state) {
      requests.erase(it);
      break;
    }
  delete static_cast<int*>(state);
  return MPI_SUCCESS;
}

int cancel(void*, int) { return MPI_SUCCESS; }

int start(const char* function, MPI_File fh, bool write, FilePointer pointer, MPI_Offset offset, const void* buf,
          int count, MPI_Datatype type, bool collective, MPI_Request* request) {
  MPI_Status status{};
  const int rc = hcc::rt::file_access(function, fh, write, pointer, offset, buf, count, type, &status, collective);
  auto* bytes = new int(0);
  PMPI_Get_count(&status, MPI_BYTE, bytes);
  PMPI_Grequest_start(query, free_state, cancel, bytes, request);
  PMPI_Grequest_complete(*request);
  file_requests()[*request] = bytes;
  return rc;
}

}  // namespace

namespace hcc::rt {

std::vector<int> file_bytes(int n, const MPI_Request* requests) {
  const auto& file = file_requests();
  if (file.empty() || n <= 0) return {};
  std::vector<int> bytes(static_cast<size_t>(n), -1);
  for (int i = 0; i < n; ++i)
    if (auto it = file.find(requests[i]); it != file.end()) bytes[static_cast<size_t>(i)] = *it->second;
  return bytes;
}

void give_count(MPI_Status* status, const std::vector<int>& bytes, int i) {
  if (status != MPI_STATUS_IGNORE && i >= 0 && static_cast<size_t>(i) < bytes.size() && bytes[static_cast<size_t>(i)] >= 0)
    PMPI_Status_set_elements(status, MPI_BYTE, bytes[static_cast<size_t>(i)]);
}

}  // namespace hcc::rt

extern "C" {

int MPI_File_iread_at(MPI_File fh, MPI_Offset offset, void* buf, int count, MPI_Datatype type, MPI_Request* request) {
  HCC_MPI_ENTRY("MPI_File_iread_at", start("MPI_File_iread_at", fh, false, FilePointer::Explicit, offset, buf, count,
                                           type, false, request));
}
int MPI_File_iwrite_at(MPI_File fh, MPI_Offset offset, const void* buf, int count, MPI_Datatype type,
                       MPI_Request* request) {
  HCC_MPI_ENTRY("MPI_File_iwrite_at", start("MPI_File_iwrite_at", fh, true, FilePointer::Explicit, offset, buf, count,
                                            type, false, request));
}
int MPI_File_iread_at_all(MPI_File fh, MPI_Offset offset, void* buf, int count, MPI_Datatype type,
                          MPI_Request* request) {
  HCC_MPI_ENTRY("MPI_File_iread_at_all", start("MPI_File_iread_at_all", fh, false, FilePointer::Explicit, offset, buf,
                                               count, type, true, request));
}
int MPI_File_iwrite_at_all(MPI_File fh, MPI_Offset offset, const void* buf, int count, MPI_Datatype type,
                           MPI_Request* request) {
  HCC_MPI_ENTRY("MPI_File_iwrite_at_all", start("MPI_File_iwrite_at_all", fh, true, FilePointer::Explicit, offset,
                                                buf, count, type, true, request));
}
int MPI_File_iread(MPI_File fh, void* buf, int count, MPI_Datatype type, MPI_Request* request) {
  HCC_MPI_ENTRY("MPI_File_iread",
                start("MPI_File_iread", fh, false, FilePointer::Individual, 0, buf, count, type, false, request));
}
int MPI_File_iwrite(MPI_File fh, const void* buf, int count, MPI_Datatype type, MPI_Request* request) {
  HCC_MPI_ENTRY("MPI_File_iwrite",
                start("MPI_File_iwrite", fh, true, FilePointer::Individual, 0, buf, count, type, false, request));
}
int MPI_File_iread_all(MPI_File fh, void* buf, int count, MPI_Datatype type, MPI_Request* request) {
  HCC_MPI_ENTRY("MPI_File_iread_all",
                start("MPI_File_iread_all", fh, false, FilePointer::Individual, 0, buf, count, type, true, request));
}
int MPI_File_iwrite_all(MPI_File fh, const void* buf, int count, MPI_Datatype type, MPI_Request* request) {
  HCC_MPI_ENTRY("MPI_File_iwrite_all",
                start("MPI_File_iwrite_all", fh, true, FilePointer::Individual, 0, buf, count, type, true, request));
}
int MPI_File_iread_shared(MPI_File fh, void* buf, int count, MPI_Datatype type, MPI_Request* request) {
  HCC_MPI_ENTRY("MPI_File_iread_shared",
                start("MPI_File_iread_shared", fh, false, FilePointer::Shared, 0, buf, count, type, false, request));
}
int MPI_File_iwrite_shared(MPI_File fh, const void* buf, int count, MPI_Datatype type, MPI_Request* request) {
  HCC_MPI_ENTRY("MPI_File_iwrite_shared",
                start("MPI_File_iwrite_shared", fh, true, FilePointer::Shared, 0, buf, count, type, false, request));
}

}  // extern "C"
