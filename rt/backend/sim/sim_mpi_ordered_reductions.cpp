// Reductions over an operation that is not commutative (MPI_Op_create with
// commute 0) in a simulation. SMPI's MPI_Scan and MPI_Exscan never applied
// such an operation (each rank got its own value back), and its MPI_Iscan,
// MPI_Iexscan, MPI_Iallreduce, MPI_Ireduce, MPI_Ireduce_scatter and
// MPI_Ireduce_scatter_block applied it in another order than the ranks'
// (the ranks of one MPI_Iallreduce got different results). Each of these
// here gathers the contributions it needs (SMPI's MPI_Allgather,
// MPI_Iallgather, MPI_Igather, MPI_Ialltoall, MPI_Ialltoallv: timed as
// their messages) and folds them in rank order, as MPI says; a nonblocking
// one's request is an exchange (sim_mpi_requests.hpp) that folds once its
// messages have arrived.
// Commutative operations, the predefined ones among them, stay SMPI's, as
// do its blocking MPI_Reduce, MPI_Allreduce and MPI_Reduce_scatter, which
// keep the order. The driver links this object into simulated MPI
// programs (-Wl,-u,hcc_sim_mpi_ordered_reductions).
#include <smpi/smpi.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "sim_mpi.hpp"
#include "sim_mpi_requests.hpp"

extern "C" {
extern const int hcc_sim_mpi_ordered_reductions = 1;
}

using hcc::rt::rank_of;
using hcc::rt::size_of;

namespace {

// An operation that is not valid counts as commutative: SMPI's call then
// says what is wrong with it.
bool commutative(MPI_Op op) {
  int commute = 1;
  return PMPI_Op_commutative(op, &commute) != MPI_SUCCESS || commute;
}

// The contributions of `ranks` ranks, `count` elements of `type` each, one
// after the other, as a gather receives them.
class Contributions {
 public:
  Contributions(int ranks, int count, MPI_Datatype type) : count_(count), type_(type) {
    MPI_Aint lb = 0, true_lb = 0, true_extent = 0;
    PMPI_Type_get_extent(type, &lb, &extent_);
    PMPI_Type_get_true_extent(type, &true_lb, &true_extent);
    const MPI_Aint elements = static_cast<MPI_Aint>(ranks) * count;
    const MPI_Aint bytes = elements > 0 ? (elements - 1) * extent_ + true_extent : 0;
    storage_.resize(static_cast<size_t>(std::max<MPI_Aint>(bytes, 1)));
    base_ = storage_.data() - true_lb;
  }

  void* data() { return base_; }
  void* of(int rank) { return base_ + static_cast<MPI_Aint>(rank) * count_ * extent_; }

  // into = the contributions of ranks 0 to last folded in their order,
  // from the left as OpenMPI's scans do ((x0 op x1) op x2: the same for
  // the associative operations MPI asks for); the contributions after the
  // first become the partial results. Nothing when last < 0.
  void fold(int last, void* into, MPI_Op op) {
    if (last < 0) return;
    for (int k = 1; k <= last; ++k) PMPI_Reduce_local(of(k - 1), of(k), count_, type_, op);
    copy(of(last), into);
  }

 private:
  // A copy of count_ elements of type_, whatever its layout.
  void copy(const void* from, void* to) {
    int bytes = 0;
    PMPI_Pack_size(count_, type_, MPI_COMM_SELF, &bytes);
    std::vector<char> packed(static_cast<size_t>(std::max(bytes, 1)));
    int position = 0;
    PMPI_Pack(from, count_, type_, packed.data(), bytes, &position, MPI_COMM_SELF);
    position = 0;
    PMPI_Unpack(packed.data(), bytes, &position, to, count_, type_, MPI_COMM_SELF);
  }

  int count_;
  MPI_Datatype type_;
  MPI_Aint extent_ = 0;
  std::vector<char> storage_;
  char* base_;
};

// MPI_Scan (exclusive: MPI_Exscan, whose result on rank 0 is undefined:
// left as it was).
int scan(const void* send, void* recv, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm, bool exclusive) {
  Contributions all(size_of(comm), count, type);
  const int rc = PMPI_Allgather(send == MPI_IN_PLACE ? recv : send, count, type, all.data(), count, type, comm);
  if (rc != MPI_SUCCESS) return rc;
  all.fold(rank_of(comm) - (exclusive ? 1 : 0), recv, op);
  return MPI_SUCCESS;
}

// The request of a nonblocking reduction whose message is `part` (when it
// started): recv gets ranks 0 to last of `all` folded once it arrived.
int folded_when_done(int rc, MPI_Request part, std::shared_ptr<Contributions> all, int last, void* recv, MPI_Op op,
                     MPI_Request* request) {
  if (rc != MPI_SUCCESS) return rc;
  *request = hcc::rt::start_exchange({part}, [all = std::move(all), last, recv, op] { all->fold(last, recv, op); });
  return MPI_SUCCESS;
}

// MPI_Iscan, MPI_Iexscan, MPI_Iallreduce: every contribution to every rank
// (an allgather), ranks 0 to last folded.
int iallgathered(const void* send, void* recv, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm, int last,
                 MPI_Request* request) {
  auto all = std::make_shared<Contributions>(size_of(comm), count, type);
  MPI_Request part = MPI_REQUEST_NULL;
  const int rc =
      PMPI_Iallgather(send == MPI_IN_PLACE ? recv : send, count, type, all->data(), count, type, comm, &part);
  return folded_when_done(rc, part, all, last, recv, op, request);
}

int ireduce(const void* send, void* recv, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
            MPI_Request* request) {
  const int size = size_of(comm);
  const bool at_root = rank_of(comm) == root;
  auto all = std::make_shared<Contributions>(at_root ? size : 0, count, type);
  MPI_Request part = MPI_REQUEST_NULL;
  const int rc =
      PMPI_Igather(send == MPI_IN_PLACE ? recv : send, count, type, all->data(), count, type, root, comm, &part);
  return folded_when_done(rc, part, all, at_root ? size - 1 : -1, recv, op, request);
}

// MPI_Ireduce_scatter: each rank's block of every rank's contribution comes
// to it (an all-to-all), then is folded. The counts and displacements live
// until the exchange is done.
int ireduce_scatter(const void* send, void* recv, const int* counts, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                    MPI_Request* request) {
  const int size = size_of(comm);
  const int rank = rank_of(comm);
  auto layout = std::make_shared<std::vector<int>>(4 * static_cast<size_t>(size));
  int* send_counts = layout->data();
  int* send_displs = send_counts + size;
  int* recv_counts = send_displs + size;
  int* recv_displs = recv_counts + size;
  for (int i = 0, at = 0; i < size; at += counts[i], ++i) {
    send_counts[i] = counts[i];
    send_displs[i] = at;
    recv_counts[i] = counts[rank];
    recv_displs[i] = i * counts[rank];
  }
  auto all = std::make_shared<Contributions>(size, counts[rank], type);
  MPI_Request part = MPI_REQUEST_NULL;
  const int rc = PMPI_Ialltoallv(send == MPI_IN_PLACE ? recv : send, send_counts, send_displs, type, all->data(),
                                 recv_counts, recv_displs, type, comm, &part);
  if (rc != MPI_SUCCESS) return rc;
  *request = hcc::rt::start_exchange({part}, [all, layout, size, recv, op] { all->fold(size - 1, recv, op); });
  return MPI_SUCCESS;
}

int ireduce_scatter_block(const void* send, void* recv, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                          MPI_Request* request) {
  const int size = size_of(comm);
  auto all = std::make_shared<Contributions>(size, count, type);
  MPI_Request part = MPI_REQUEST_NULL;
  const int rc =
      PMPI_Ialltoall(send == MPI_IN_PLACE ? recv : send, count, type, all->data(), count, type, comm, &part);
  return folded_when_done(rc, part, all, size - 1, recv, op, request);
}

}  // namespace

extern "C" {

int MPI_Scan(const void* send, void* recv, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  HCC_MPI_COMM_ENTRY("MPI_Scan", comm,
                     commutative(op) ? PMPI_Scan(send, recv, count, type, op, comm)
                                     : scan(send, recv, count, type, op, comm, false));
}

int MPI_Exscan(const void* send, void* recv, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  HCC_MPI_COMM_ENTRY("MPI_Exscan", comm,
                     commutative(op) ? PMPI_Exscan(send, recv, count, type, op, comm)
                                     : scan(send, recv, count, type, op, comm, true));
}

int MPI_Iscan(const void* send, void* recv, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
              MPI_Request* request) {
  HCC_MPI_COMM_ENTRY("MPI_Iscan", comm,
                     commutative(op) ? PMPI_Iscan(send, recv, count, type, op, comm, request)
                                     : iallgathered(send, recv, count, type, op, comm, rank_of(comm), request));
}

int MPI_Iexscan(const void* send, void* recv, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                MPI_Request* request) {
  HCC_MPI_COMM_ENTRY("MPI_Iexscan", comm,
                     commutative(op) ? PMPI_Iexscan(send, recv, count, type, op, comm, request)
                                     : iallgathered(send, recv, count, type, op, comm, rank_of(comm) - 1, request));
}

int MPI_Iallreduce(const void* send, void* recv, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                   MPI_Request* request) {
  HCC_MPI_COMM_ENTRY("MPI_Iallreduce", comm,
                     commutative(op) ? PMPI_Iallreduce(send, recv, count, type, op, comm, request)
                                     : iallgathered(send, recv, count, type, op, comm, size_of(comm) - 1, request));
}

int MPI_Ireduce(const void* send, void* recv, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
                MPI_Request* request) {
  HCC_MPI_COMM_ENTRY("MPI_Ireduce", comm,
                     commutative(op) ? PMPI_Ireduce(send, recv, count, type, op, root, comm, request)
                                     : ireduce(send, recv, count, type, op, root, comm, request));
}

int MPI_Ireduce_scatter(const void* send, void* recv, const int* counts, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                        MPI_Request* request) {
  HCC_MPI_COMM_ENTRY("MPI_Ireduce_scatter", comm,
                     commutative(op) ? PMPI_Ireduce_scatter(send, recv, counts, type, op, comm, request)
                                     : ireduce_scatter(send, recv, counts, type, op, comm, request));
}

int MPI_Ireduce_scatter_block(const void* send, void* recv, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                              MPI_Request* request) {
  HCC_MPI_COMM_ENTRY("MPI_Ireduce_scatter_block", comm,
                     commutative(op) ? PMPI_Ireduce_scatter_block(send, recv, count, type, op, comm, request)
                                     : ireduce_scatter_block(send, recv, count, type, op, comm, request));
}

}  // extern "C"
