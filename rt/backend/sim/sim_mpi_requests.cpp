// The wait and test functions of a simulated program (MPI_Wait, MPI_Test,
// their _any, _all and _some forms, MPI_Request_get_status) and
// MPI_Request_free, in front of SMPI's, for the requests SMPI does not make
// itself (sim_mpi_requests.hpp):
// - a file access's request is complete when made; its status gets back
//   the count SMPI empties (sim_mpi_io_requests.cpp);
// - a started persistent send's request stands for the message its start
//   sent (sim_mpi_persistent.cpp's SmpiRequests);
// - a nonblocking neighbourhood collective's request, or a nonblocking
//   reduction's over an operation that is not commutative, is a
//   generalized request over SMPI's requests of its messages (an
//   exchange), completed here once they are (the reduction's result then
//   computed): waiting for it waits for them, testing it tests them, and a
//   wait for any of several requests waits for any message of its
//   exchanges or any other request.
// The driver links this object into simulated MPI programs
// (-Wl,-u,hcc_sim_mpi_requests).
#include "sim_mpi_requests.hpp"

#include <smpi/smpi.h>

#include <functional>
#include <map>
#include <utility>
#include <vector>

#include "sim_mpi.hpp"

extern "C" {
extern const int hcc_sim_mpi_requests = 1;
}

namespace {

// An exchange not complete yet: its messages, and what completes it once
// they have arrived.
struct Exchange {
  std::vector<MPI_Request> parts;
  std::function<void()> finish;
};

std::map<MPI_Request, Exchange>& exchanges() {
  static std::map<MPI_Request, Exchange> all;
  return all;
}

// A collective's status says nothing (MPI leaves it undefined but for its
// error).
int query(void*, MPI_Status* status) {
  PMPI_Status_set_elements(status, MPI_BYTE, 0);
  PMPI_Status_set_cancelled(status, 0);
  return MPI_SUCCESS;
}
int free_state(void*) { return MPI_SUCCESS; }
int cancel(void*, int) { return MPI_SUCCESS; }

bool has_exchange(int n, const MPI_Request* requests) {
  const auto& all = exchanges();
  if (all.empty()) return false;
  for (int i = 0; i < n; ++i)
    if (all.count(requests[i])) return true;
  return false;
}

// Completes the exchanges among requests whose messages have all arrived,
// after waiting for them when wait; returns the index of the first one
// completed, -1 when none.
int settle(int n, MPI_Request* requests, bool wait) {
  auto& all = exchanges();
  int first = -1;
  for (int i = 0; i < n && !all.empty(); ++i) {
    const auto it = all.find(requests[i]);
    if (it == all.end()) continue;
    std::vector<MPI_Request>& parts = it->second.parts;
    int done = 1;
    if (wait)
      PMPI_Waitall(static_cast<int>(parts.size()), parts.data(), MPI_STATUSES_IGNORE);
    else
      PMPI_Testall(static_cast<int>(parts.size()), parts.data(), &done, MPI_STATUSES_IGNORE);
    if (!done) continue;
    const std::function<void()> finish = std::move(it->second.finish);
    all.erase(it);
    if (finish) finish();
    PMPI_Grequest_complete(requests[i]);
    if (first < 0) first = i;
  }
  return first;
}

// MPI_Waitany over requests some of which are exchanges: returns as soon as
// an exchange completes or another request does, waiting meanwhile for any
// message of the exchanges or any other request (SMPI's MPI_Waitany over
// all of them).
int wait_any(int n, MPI_Request* requests, int* index, MPI_Status* status) {
  for (;;) {
    if (const int done = settle(n, requests, false); done >= 0) {
      *index = done;
      return PMPI_Wait(&requests[done], status);
    }
    std::vector<MPI_Request> pending;
    std::vector<std::pair<int, MPI_Request*>> owners;  // request i, and where its entry in pending goes back
    for (int i = 0; i < n; ++i) {
      const auto it = exchanges().find(requests[i]);
      if (it == exchanges().end()) {
        pending.push_back(requests[i]);
        owners.emplace_back(i, &requests[i]);
        continue;
      }
      for (MPI_Request& part : it->second.parts)
        if (part != MPI_REQUEST_NULL) {
          pending.push_back(part);
          owners.emplace_back(-1, &part);
        }
    }
    int which = MPI_UNDEFINED;
    const int rc = PMPI_Waitany(static_cast<int>(pending.size()), pending.data(), &which, status);
    if (which == MPI_UNDEFINED) {
      *index = MPI_UNDEFINED;
      return rc;
    }
    *owners[static_cast<size_t>(which)].second = pending[static_cast<size_t>(which)];
    if (owners[static_cast<size_t>(which)].first >= 0) {
      *index = owners[static_cast<size_t>(which)].first;
      return rc;
    }
  }
}

// MPI_Test of a null or inactive request: done, with an empty status.
// SMPI's left the flag as it was when the status was MPI_STATUS_IGNORE.
int done_at_once(int* flag, MPI_Status* status) {
  *flag = 1;
  if (status != MPI_STATUS_IGNORE) {
    status->MPI_SOURCE = MPI_ANY_SOURCE;
    status->MPI_TAG = MPI_ANY_TAG;
    status->MPI_ERROR = MPI_SUCCESS;
    PMPI_Status_set_elements(status, MPI_BYTE, 0);
    PMPI_Status_set_cancelled(status, 0);
  }
  return MPI_SUCCESS;
}

// Runs call as the rank's main thread on the requests SMPI is to be given
// for the program's n (SmpiRequests: each started persistent send's
// message in its place).
template <class Call>
int on_smpi_requests(const char* function, int n, MPI_Request* requests, Call&& call) {
  return hcc::rt::as_rank_main(function, [&] {
    hcc::rt::SmpiRequests smpi(n, requests);
    return call(smpi.data());
  });
}

// Status k gets back the count of request indices[k] (request k when
// indices is null) when that was a file access.
void give_counts(MPI_Status* statuses, const std::vector<int>& bytes, int n, const int* indices) {
  if (statuses == MPI_STATUSES_IGNORE) return;
  for (int k = 0; k < n; ++k) hcc::rt::give_count(&statuses[k], bytes, indices ? indices[k] : k);
}

}  // namespace

namespace hcc::rt {

MPI_Request start_exchange(std::vector<MPI_Request> parts, std::function<void()> finish) {
  MPI_Request request = MPI_REQUEST_NULL;
  PMPI_Grequest_start(query, free_state, cancel, nullptr, &request);
  exchanges()[request] = Exchange{std::move(parts), std::move(finish)};
  return request;
}

}  // namespace hcc::rt

extern "C" {

using hcc::rt::file_bytes;
using hcc::rt::give_count;

int MPI_Wait(MPI_Request* request, MPI_Status* status) {
  hcc::rt::SimcallEntry entry("MPI_Wait", hcc::rt::g_mpi_cpu_threshold);
  const std::vector<int> bytes = file_bytes(1, request);
  const int rc = on_smpi_requests("MPI_Wait", 1, request, [&](MPI_Request* smpi) {
    settle(1, smpi, true);
    return PMPI_Wait(smpi, status);
  });
  give_count(status, bytes, 0);
  return rc;
}
int MPI_Test(MPI_Request* request, int* flag, MPI_Status* status) {
  hcc::rt::SimcallEntry entry("MPI_Test", hcc::rt::g_mpi_cpu_threshold);
  const std::vector<int> bytes = file_bytes(1, request);
  const int rc = on_smpi_requests("MPI_Test", 1, request, [&](MPI_Request* smpi) {
    settle(1, smpi, false);
    return *smpi == MPI_REQUEST_NULL ? done_at_once(flag, status) : PMPI_Test(smpi, flag, status);
  });
  if (*flag) give_count(status, bytes, 0);
  return rc;
}
int MPI_Request_get_status(MPI_Request request, int* flag, MPI_Status* status) {
  hcc::rt::SimcallEntry entry("MPI_Request_get_status", hcc::rt::g_mpi_cpu_threshold);
  const std::vector<int> bytes = file_bytes(1, &request);
  const int rc = on_smpi_requests("MPI_Request_get_status", 1, &request, [&](MPI_Request* smpi) {
    settle(1, smpi, false);
    return PMPI_Request_get_status(*smpi, flag, status);
  });
  if (*flag) give_count(status, bytes, 0);
  return rc;
}
int MPI_Waitany(int count, MPI_Request requests[], int* index, MPI_Status* status) {
  hcc::rt::SimcallEntry entry("MPI_Waitany", hcc::rt::g_mpi_cpu_threshold);
  const std::vector<int> bytes = file_bytes(count, requests);
  const int rc = on_smpi_requests("MPI_Waitany", count, requests, [&](MPI_Request* smpi) {
    if (has_exchange(count, smpi)) return wait_any(count, smpi, index, status);
    return PMPI_Waitany(count, smpi, index, status);
  });
  give_count(status, bytes, *index);
  return rc;
}
int MPI_Testany(int count, MPI_Request requests[], int* index, int* flag, MPI_Status* status) {
  hcc::rt::SimcallEntry entry("MPI_Testany", hcc::rt::g_mpi_cpu_threshold);
  const std::vector<int> bytes = file_bytes(count, requests);
  const int rc = on_smpi_requests("MPI_Testany", count, requests, [&](MPI_Request* smpi) {
    settle(count, smpi, false);
    return PMPI_Testany(count, smpi, index, flag, status);
  });
  if (*flag) give_count(status, bytes, *index);
  return rc;
}
int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  hcc::rt::SimcallEntry entry("MPI_Waitall", hcc::rt::g_mpi_cpu_threshold);
  const std::vector<int> bytes = file_bytes(count, requests);
  const int rc = on_smpi_requests("MPI_Waitall", count, requests, [&](MPI_Request* smpi) {
    settle(count, smpi, true);
    return PMPI_Waitall(count, smpi, statuses);
  });
  give_counts(statuses, bytes, static_cast<int>(bytes.size()), nullptr);
  return rc;
}
int MPI_Testall(int count, MPI_Request requests[], int* flag, MPI_Status statuses[]) {
  hcc::rt::SimcallEntry entry("MPI_Testall", hcc::rt::g_mpi_cpu_threshold);
  const std::vector<int> bytes = file_bytes(count, requests);
  const int rc = on_smpi_requests("MPI_Testall", count, requests, [&](MPI_Request* smpi) {
    settle(count, smpi, false);
    return PMPI_Testall(count, smpi, flag, statuses);
  });
  if (*flag) give_counts(statuses, bytes, static_cast<int>(bytes.size()), nullptr);
  return rc;
}
int MPI_Waitsome(int incount, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[]) {
  hcc::rt::SimcallEntry entry("MPI_Waitsome", hcc::rt::g_mpi_cpu_threshold);
  const std::vector<int> bytes = file_bytes(incount, requests);
  const int rc = on_smpi_requests("MPI_Waitsome", incount, requests, [&](MPI_Request* smpi) {
    if (!has_exchange(incount, smpi)) return PMPI_Waitsome(incount, smpi, outcount, indices, statuses);
    // One request at a time, as MPI allows.
    const int r =
        wait_any(incount, smpi, &indices[0], statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[0]);
    *outcount = indices[0] == MPI_UNDEFINED ? MPI_UNDEFINED : 1;
    return r;
  });
  give_counts(statuses, bytes, *outcount, indices);
  return rc;
}
int MPI_Testsome(int incount, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[]) {
  hcc::rt::SimcallEntry entry("MPI_Testsome", hcc::rt::g_mpi_cpu_threshold);
  const std::vector<int> bytes = file_bytes(incount, requests);
  const int rc = on_smpi_requests("MPI_Testsome", incount, requests, [&](MPI_Request* smpi) {
    settle(incount, smpi, false);
    return PMPI_Testsome(incount, smpi, outcount, indices, statuses);
  });
  give_counts(statuses, bytes, *outcount, indices);
  return rc;
}

// A freed exchange's messages complete on their own (SMPI frees each
// request when it completes).
int MPI_Request_free(MPI_Request* request) {
  hcc::rt::SimcallEntry entry("MPI_Request_free", hcc::rt::g_mpi_cpu_threshold);
  return hcc::rt::as_rank_main("MPI_Request_free", [&]() -> int {
    if (hcc::rt::free_persistent_send(request)) return MPI_SUCCESS;
    if (const auto it = exchanges().find(*request); it != exchanges().end()) {
      for (MPI_Request& part : it->second.parts)
        if (part != MPI_REQUEST_NULL) PMPI_Request_free(&part);
      exchanges().erase(it);
      PMPI_Grequest_complete(*request);
    }
    return PMPI_Request_free(request);
  });
}

}  // extern "C"
