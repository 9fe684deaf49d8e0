// The neighbourhood collectives in a simulation (MPI_Neighbor_allgather,
// _allgatherv, _alltoall, _alltoallv, _alltoallw and their nonblocking
// MPI_Ineighbor_ forms), which SMPI stops on ("Not yet implemented"). Each
// is what MPI implementations make of it: a receive from each in-neighbour
// and a send to each out-neighbour of the communicator's topology
// (sim_mpi_topology.cpp), all posted at once, so the simulation times its
// messages as point-to-point ones. A blocking one waits for them; a
// nonblocking one's request completes when they have (sim_mpi_requests.cpp).
// The driver links this object into simulated MPI programs
// (-Wl,-u,hcc_sim_mpi_neighbors).
#include <smpi/smpi.h>

#include <cstdint>
#include <vector>

#include "sim_mpi.hpp"
#include "sim_mpi_requests.hpp"
#include "sim_mpi_topology.hpp"
#include "sim_mpi_types.hpp"

extern "C" {
extern const int hcc_sim_mpi_neighbors = 1;
}

namespace {

// Where one neighbour's block lies.
struct Block {
  const void* buf;
  int count;
  MPI_Datatype type;
};

MPI_Aint extent_of(MPI_Datatype type) {
  if (const hcc::rt::LayoutPtr layout = hcc::rt::layout_of(type)) return layout->extent();
  MPI_Aint lb = 0, extent = 0;
  PMPI_Type_get_extent(type, &lb, &extent);
  return extent;
}

const void* at(const void* buf, MPI_Aint bytes) { return static_cast<const char*>(buf) + bytes; }

// Posts one rank's part of a neighbourhood collective: receive(k) says
// where the block from in-neighbour k goes, send(j) where the block to
// out-neighbour j comes from. Waits for its messages when request is null,
// else makes it their exchange's request.
template <class Receive, class Send>
int exchange(MPI_Comm comm, Receive&& receive, Send&& send, MPI_Request* request) {
  hcc::rt::Neighbors n;
  if (const int rc = hcc::rt::neighbors_of(comm, &n); rc != MPI_SUCCESS) return rc;
  std::vector<MPI_Request> parts;
  for (size_t k = 0; k < n.in.size(); ++k) {
    if (n.in[k] == MPI_PROC_NULL) continue;
    const Block b = receive(static_cast<int>(k));
    parts.emplace_back();
    const int rc = PMPI_Irecv(const_cast<void*>(b.buf), b.count, b.type, n.in[k], n.in_tags[k], n.comm, &parts.back());
    if (rc != MPI_SUCCESS) return rc;
  }
  for (size_t j = 0; j < n.out.size(); ++j) {
    if (n.out[j] == MPI_PROC_NULL) continue;
    const Block b = send(static_cast<int>(j));
    parts.emplace_back();
    const int rc = PMPI_Isend(b.buf, b.count, b.type, n.out[j], n.out_tags[j], n.comm, &parts.back());
    if (rc != MPI_SUCCESS) return rc;
  }
  if (request) {
    *request = hcc::rt::start_exchange(std::move(parts));
    return MPI_SUCCESS;
  }
  return PMPI_Waitall(static_cast<int>(parts.size()), parts.data(), MPI_STATUSES_IGNORE);
}

int allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
              MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  const MPI_Aint step = recvcount * extent_of(recvtype);
  return exchange(
      comm,
      [&](int k) {
        return Block{at(recvbuf, k * step), recvcount, recvtype};
      },
      [&](int) {
        return Block{sendbuf, sendcount, sendtype};
      },
      request);
}

int allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int* recvcounts,
               const int* displs, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  const MPI_Aint extent = extent_of(recvtype);
  return exchange(
      comm,
      [&](int k) {
        return Block{at(recvbuf, displs[k] * extent), recvcounts[k], recvtype};
      },
      [&](int) {
        return Block{sendbuf, sendcount, sendtype};
      },
      request);
}

int alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
             MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  const MPI_Aint send_step = sendcount * extent_of(sendtype), receive_step = recvcount * extent_of(recvtype);
  return exchange(
      comm,
      [&](int k) {
        return Block{at(recvbuf, k * receive_step), recvcount, recvtype};
      },
      [&](int j) {
        return Block{at(sendbuf, j * send_step), sendcount, sendtype};
      },
      request);
}

int alltoallv(const void* sendbuf, const int* sendcounts, const int* sdispls, MPI_Datatype sendtype, void* recvbuf,
              const int* recvcounts, const int* rdispls, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  const MPI_Aint send_extent = extent_of(sendtype), receive_extent = extent_of(recvtype);
  return exchange(
      comm,
      [&](int k) {
        return Block{at(recvbuf, rdispls[k] * receive_extent), recvcounts[k], recvtype};
      },
      [&](int j) {
        return Block{at(sendbuf, sdispls[j] * send_extent), sendcounts[j], sendtype};
      },
      request);
}

// Displacements in bytes.
int alltoallw(const void* sendbuf, const int* sendcounts, const MPI_Aint* sdispls, const MPI_Datatype* sendtypes,
              void* recvbuf, const int* recvcounts, const MPI_Aint* rdispls, const MPI_Datatype* recvtypes,
              MPI_Comm comm, MPI_Request* request) {
  return exchange(
      comm,
      [&](int k) {
        return Block{at(recvbuf, rdispls[k]), recvcounts[k], recvtypes[k]};
      },
      [&](int j) {
        return Block{at(sendbuf, sdispls[j]), sendcounts[j], sendtypes[j]};
      },
      request);
}

}  // namespace

extern "C" {

int MPI_Neighbor_allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                           MPI_Datatype recvtype, MPI_Comm comm) {
  HCC_MPI_COMM_ENTRY("MPI_Neighbor_allgather", comm,
                     allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, nullptr));
}
int MPI_Ineighbor_allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                            MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  HCC_MPI_COMM_ENTRY("MPI_Ineighbor_allgather", comm,
                     allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request));
}
int MPI_Neighbor_allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                            const int* recvcounts, const int* displs, MPI_Datatype recvtype, MPI_Comm comm) {
  HCC_MPI_COMM_ENTRY("MPI_Neighbor_allgatherv", comm,
                     allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, nullptr));
}
int MPI_Ineighbor_allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                             const int* recvcounts, const int* displs, MPI_Datatype recvtype, MPI_Comm comm,
                             MPI_Request* request) {
  HCC_MPI_COMM_ENTRY("MPI_Ineighbor_allgatherv", comm,
                     allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request));
}
int MPI_Neighbor_alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                          MPI_Datatype recvtype, MPI_Comm comm) {
  HCC_MPI_COMM_ENTRY("MPI_Neighbor_alltoall", comm,
                     alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, nullptr));
}
int MPI_Ineighbor_alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                           MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  HCC_MPI_COMM_ENTRY("MPI_Ineighbor_alltoall", comm,
                     alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request));
}
int MPI_Neighbor_alltoallv(const void* sendbuf, const int* sendcounts, const int* sdispls, MPI_Datatype sendtype,
                           void* recvbuf, const int* recvcounts, const int* rdispls, MPI_Datatype recvtype,
                           MPI_Comm comm) {
  HCC_MPI_COMM_ENTRY(
      "MPI_Neighbor_alltoallv", comm,
      alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, nullptr));
}
int MPI_Ineighbor_alltoallv(const void* sendbuf, const int* sendcounts, const int* sdispls, MPI_Datatype sendtype,
                            void* recvbuf, const int* recvcounts, const int* rdispls, MPI_Datatype recvtype,
                            MPI_Comm comm, MPI_Request* request) {
  HCC_MPI_COMM_ENTRY(
      "MPI_Ineighbor_alltoallv", comm,
      alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request));
}
int MPI_Neighbor_alltoallw(const void* sendbuf, const int* sendcounts, const MPI_Aint* sdispls,
                           const MPI_Datatype* sendtypes, void* recvbuf, const int* recvcounts, const MPI_Aint* rdispls,
                           const MPI_Datatype* recvtypes, MPI_Comm comm) {
  HCC_MPI_COMM_ENTRY(
      "MPI_Neighbor_alltoallw", comm,
      alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, nullptr));
}
int MPI_Ineighbor_alltoallw(const void* sendbuf, const int* sendcounts, const MPI_Aint* sdispls,
                            const MPI_Datatype* sendtypes, void* recvbuf, const int* recvcounts,
                            const MPI_Aint* rdispls, const MPI_Datatype* recvtypes, MPI_Comm comm,
                            MPI_Request* request) {
  HCC_MPI_COMM_ENTRY(
      "MPI_Ineighbor_alltoallw", comm,
      alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request));
}

}  // extern "C"
