// Persistent sends in a simulation (MPI_Send_init, MPI_Bsend_init,
// MPI_Rsend_init, then MPI_Start or MPI_Startall). SMPI sends a short
// message detached and keeps its persistent request as the message's
// sender: started again before the receiver took the previous message (a
// ring of 4 ranks, each starting its send and receive and waiting for
// both, three times, one rank late), the message was lost and the
// simulation stopped as a deadlock. Each start here sends a fresh
// nonblocking message with the request's arguments, and the wait and test
// functions (sim_mpi_requests.cpp) give SMPI that message in the
// persistent request's place (SmpiRequests); a completed one leaves the
// persistent request inactive, as MPI says. Synchronous persistent sends
// (MPI_Ssend_init) are never detached and stay SMPI's. The driver links
// this object into simulated MPI programs (-Wl,-u,hcc_sim_mpi_persistent).
#include <smpi/smpi.h>

#include <map>
#include <vector>

#include "sim_mpi.hpp"
#include "sim_mpi_requests.hpp"
#include "sim_mpi_types.hpp"

extern "C" {
extern const int hcc_sim_mpi_persistent = 1;
}

namespace {

using Isend = int (*)(const void*, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request*);

struct PersistentSend {
  const void* buf;
  int count;
  MPI_Datatype type;
  int dest, tag;
  MPI_Comm comm;
  Isend isend;
  MPI_Request message = MPI_REQUEST_NULL;  // the current start's; null while inactive
};

// Each persistent send of the program not freed yet, by its request.
std::map<MPI_Request, PersistentSend>& sends() {
  static std::map<MPI_Request, PersistentSend> all;
  return all;
}

PersistentSend* send_of(MPI_Request request) {
  const auto it = sends().find(request);
  return it == sends().end() ? nullptr : &it->second;
}

// SMPI's persistent request (which checks the arguments and is what the
// program holds), recorded with how to send each start's message. A derived
// type is sent as a copy that the request keeps: the program may free its
// own at once (MPI keeps it for the request; each start failed with
// MPI_ERR_TYPE, MPICH's pt2pt/multi_psend_derived).
int init(int rc, PersistentSend send, MPI_Request* request) {
  if (rc != MPI_SUCCESS) return rc;
  if (!hcc::rt::predefined(send.type))
    if (const int copied = hcc::rt::duplicate_type(send.type, &send.type); copied != MPI_SUCCESS) return copied;
  sends().insert_or_assign(*request, send);
  return rc;
}

int start(MPI_Request* request) {
  PersistentSend* send = send_of(*request);
  if (!send) return PMPI_Start(request);
  if (send->message != MPI_REQUEST_NULL) return MPI_ERR_REQUEST;  // still active
  return send->isend(send->buf, send->count, send->type, send->dest, send->tag, send->comm, &send->message);
}

}  // namespace

namespace hcc::rt {

SmpiRequests::SmpiRequests(int n, MPI_Request* program) : program_(program) {
  if (sends().empty() || n <= 0) return;
  given_.assign(program, program + n);
  for (MPI_Request& r : given_)
    if (const PersistentSend* send = send_of(r)) r = send->message;
}

SmpiRequests::~SmpiRequests() {
  for (int i = 0; i < static_cast<int>(given_.size()); ++i) {
    if (PersistentSend* send = send_of(program_[i]))
      send->message = given_[static_cast<size_t>(i)];  // null once SMPI completed it: inactive
    else
      program_[i] = given_[static_cast<size_t>(i)];
  }
}

MPI_Request* SmpiRequests::data() { return given_.empty() ? program_ : given_.data(); }

bool free_persistent_send(MPI_Request* request) {
  const auto it = sends().find(*request);
  if (it == sends().end()) return false;
  if (it->second.message != MPI_REQUEST_NULL) PMPI_Request_free(&it->second.message);  // completes on its own
  if (!predefined(it->second.type)) free_type(&it->second.type);  // SMPI keeps it for a message in flight
  sends().erase(it);
  PMPI_Request_free(request);
  return true;
}

}  // namespace hcc::rt

extern "C" {

int MPI_Send_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                  MPI_Request* request) {
  HCC_MPI_COMM_ENTRY("MPI_Send_init", comm,
                     init(PMPI_Send_init(buf, count, type, dest, tag, comm, request),
                          {buf, count, type, dest, tag, comm, PMPI_Isend}, request));
}

int MPI_Bsend_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request* request) {
  HCC_MPI_COMM_ENTRY("MPI_Bsend_init", comm,
                     init(PMPI_Bsend_init(buf, count, type, dest, tag, comm, request),
                          {buf, count, type, dest, tag, comm, PMPI_Ibsend}, request));
}

int MPI_Rsend_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request* request) {
  HCC_MPI_COMM_ENTRY("MPI_Rsend_init", comm,
                     init(PMPI_Rsend_init(buf, count, type, dest, tag, comm, request),
                          {buf, count, type, dest, tag, comm, PMPI_Irsend}, request));
}

int MPI_Start(MPI_Request* request) { HCC_MPI_COMM_ENTRY("MPI_Start", MPI_COMM_WORLD, start(request)); }

int MPI_Startall(int count, MPI_Request* requests) {
  HCC_MPI_COMM_ENTRY("MPI_Startall", MPI_COMM_WORLD, [&]() -> int {
    for (int i = 0; i < count; ++i)
      if (const int rc = start(&requests[i]); rc != MPI_SUCCESS) return rc;
    return MPI_SUCCESS;
  }());
}

}  // extern "C"
