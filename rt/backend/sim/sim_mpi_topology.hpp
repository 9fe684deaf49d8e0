// Process topologies in a simulation (sim_mpi_topology.cpp): which ranks a
// neighbourhood collective (sim_mpi_neighbors.cpp) exchanges with.
#pragma once

#include <smpi/smpi.h>

#include <vector>

namespace hcc::rt {

// The messages of one rank's neighbourhood collective: it receives block k
// from in[k] with tag in_tags[k] and sends block j to out[j] with tag
// out_tags[j], on comm, a duplicate of the topology's communicator that
// carries nothing else (the program's own messages, even received with
// MPI_ANY_TAG, never meet them). MPI_PROC_NULL where a Cartesian
// dimension ends.
struct Neighbors {
  MPI_Comm comm = MPI_COMM_NULL;
  std::vector<int> in, in_tags, out, out_tags;
};

// comm's neighbours; MPI_ERR_TOPOLOGY when comm has no topology.
int neighbors_of(MPI_Comm comm, Neighbors* neighbors);

}  // namespace hcc::rt
