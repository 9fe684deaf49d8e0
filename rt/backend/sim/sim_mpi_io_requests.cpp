// Nonblocking MPI-IO in a simulation (MPI_File_iread, MPI_File_iwrite_at,
// ...): the access is made at once (sim_mpi_io.cpp) and its request is a
// generalized request completed before it is returned, which the program
// waits for or tests as any other.
//
// SMPI's MPI_Wait and MPI_Test empty a generalized request's status after
// its query function filled it, so a nonblocking read's MPI_Get_count would
// say 0: the wait and test functions here give a file access's status its
// count back. The driver links this object into simulated MPI programs
// (-Wl,-u,hcc_sim_mpi_io_requests), as it does sim_mpi.cpp.
#include <smpi/smpi.h>

#include <map>
#include <vector>

#include "sim_mpi.hpp"
#include "sim_mpi_io.hpp"

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

// The bytes of the file accesses among n requests, read before the call
// that frees them: none when no file access is outstanding, the common case.
std::vector<int> file_bytes(int n, const MPI_Request* requests) {
  const auto& file = file_requests();
  if (file.empty() || n <= 0) return {};
  std::vector<int> bytes(static_cast<size_t>(n), -1);
  for (int i = 0; i < n; ++i)
    if (auto it = file.find(requests[i]); it != file.end()) bytes[static_cast<size_t>(i)] = *it->second;
  return bytes;
}

// Request i's status gets its count back when it was a file access's.
void give_count(MPI_Status* status, const std::vector<int>& bytes, int i) {
  if (status != MPI_STATUS_IGNORE && i >= 0 && static_cast<size_t>(i) < bytes.size() && bytes[static_cast<size_t>(i)] >= 0)
    PMPI_Status_set_elements(status, MPI_BYTE, bytes[static_cast<size_t>(i)]);
}

}  // namespace

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

// The wait and test functions, as gen_mpi_entries.py writes the others,
// and the count of a file access's status.
int MPI_Wait(MPI_Request* request, MPI_Status* status) {
  hcc::rt::SimcallEntry entry("MPI_Wait", hcc::rt::g_mpi_cpu_threshold);
  const std::vector<int> bytes = file_bytes(1, request);
  const int rc = hcc::rt::as_rank_main("MPI_Wait", [&] { return PMPI_Wait(request, status); });
  give_count(status, bytes, 0);
  return rc;
}
int MPI_Test(MPI_Request* request, int* flag, MPI_Status* status) {
  hcc::rt::SimcallEntry entry("MPI_Test", hcc::rt::g_mpi_cpu_threshold);
  const std::vector<int> bytes = file_bytes(1, request);
  const int rc = hcc::rt::as_rank_main("MPI_Test", [&] { return PMPI_Test(request, flag, status); });
  if (*flag) give_count(status, bytes, 0);
  return rc;
}
int MPI_Request_get_status(MPI_Request request, int* flag, MPI_Status* status) {
  hcc::rt::SimcallEntry entry("MPI_Request_get_status", hcc::rt::g_mpi_cpu_threshold);
  const std::vector<int> bytes = file_bytes(1, &request);
  const int rc =
      hcc::rt::as_rank_main("MPI_Request_get_status", [&] { return PMPI_Request_get_status(request, flag, status); });
  if (*flag) give_count(status, bytes, 0);
  return rc;
}
int MPI_Waitany(int count, MPI_Request requests[], int* index, MPI_Status* status) {
  hcc::rt::SimcallEntry entry("MPI_Waitany", hcc::rt::g_mpi_cpu_threshold);
  const std::vector<int> bytes = file_bytes(count, requests);
  const int rc = hcc::rt::as_rank_main("MPI_Waitany", [&] { return PMPI_Waitany(count, requests, index, status); });
  give_count(status, bytes, *index);
  return rc;
}
int MPI_Testany(int count, MPI_Request requests[], int* index, int* flag, MPI_Status* status) {
  hcc::rt::SimcallEntry entry("MPI_Testany", hcc::rt::g_mpi_cpu_threshold);
  const std::vector<int> bytes = file_bytes(count, requests);
  const int rc =
      hcc::rt::as_rank_main("MPI_Testany", [&] { return PMPI_Testany(count, requests, index, flag, status); });
  if (*flag) give_count(status, bytes, *index);
  return rc;
}
int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  hcc::rt::SimcallEntry entry("MPI_Waitall", hcc::rt::g_mpi_cpu_threshold);
  const std::vector<int> bytes = file_bytes(count, requests);
  const int rc = hcc::rt::as_rank_main("MPI_Waitall", [&] { return PMPI_Waitall(count, requests, statuses); });
  if (statuses != MPI_STATUSES_IGNORE)
    for (int i = 0; i < static_cast<int>(bytes.size()); ++i) give_count(&statuses[i], bytes, i);
  return rc;
}
int MPI_Testall(int count, MPI_Request requests[], int* flag, MPI_Status statuses[]) {
  hcc::rt::SimcallEntry entry("MPI_Testall", hcc::rt::g_mpi_cpu_threshold);
  const std::vector<int> bytes = file_bytes(count, requests);
  const int rc = hcc::rt::as_rank_main("MPI_Testall", [&] { return PMPI_Testall(count, requests, flag, statuses); });
  if (*flag && statuses != MPI_STATUSES_IGNORE)
    for (int i = 0; i < static_cast<int>(bytes.size()); ++i) give_count(&statuses[i], bytes, i);
  return rc;
}
int MPI_Waitsome(int incount, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[]) {
  hcc::rt::SimcallEntry entry("MPI_Waitsome", hcc::rt::g_mpi_cpu_threshold);
  const std::vector<int> bytes = file_bytes(incount, requests);
  const int rc = hcc::rt::as_rank_main(
      "MPI_Waitsome", [&] { return PMPI_Waitsome(incount, requests, outcount, indices, statuses); });
  if (statuses != MPI_STATUSES_IGNORE && !bytes.empty())
    for (int k = 0; k < *outcount; ++k) give_count(&statuses[k], bytes, indices[k]);
  return rc;
}
int MPI_Testsome(int incount, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[]) {
  hcc::rt::SimcallEntry entry("MPI_Testsome", hcc::rt::g_mpi_cpu_threshold);
  const std::vector<int> bytes = file_bytes(incount, requests);
  const int rc = hcc::rt::as_rank_main(
      "MPI_Testsome", [&] { return PMPI_Testsome(incount, requests, outcount, indices, statuses); });
  if (statuses != MPI_STATUSES_IGNORE && !bytes.empty())
    for (int k = 0; k < *outcount; ++k) give_count(&statuses[k], bytes, indices[k]);
  return rc;
}

}  // extern "C"
