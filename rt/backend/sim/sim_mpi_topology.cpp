// Process topologies in a simulation, answered from what each rank's
// communicator was created with. SMPI stops the simulation at
// MPI_Topo_test, the graph topologies (MPI_Graph_*, MPI_Dist_graph_*) and
// the maps ("Not yet implemented"), and its Cartesian ones go wrong below
// MPI_Cart_sub: a sub-grid's topology is built from the whole grid's
// communicator, so a rank whose rank there is beyond the sub-grid's size
// gets none, and MPI_Cart_shift then divides by zero; its MPI_Dims_create
// takes 9 for a prime (a 9 x 1 grid where OpenMPI makes 3 x 3). A communicator with a topology
// also gets a duplicate of its own, created with it (a collective call
// already), that carries its neighbourhood collectives' messages
// (sim_mpi_neighbors.cpp); MPI_Comm_dup (and MPI_Comm_idup, which SMPI
// lacks) keeps the topology and MPI_Comm_free forgets it, as MPI says. reorder is ignored (MPI allows
// it): a rank keeps its rank. The driver links this object into simulated
// MPI programs (-Wl,-u,hcc_sim_mpi_topology).
#include "sim_mpi_topology.hpp"

#include <smpi/smpi.h>

#include <algorithm>
#include <functional>
#include <map>
#include <utility>
#include <vector>

#include "sim_mpi.hpp"
#include "sim_mpi_requests.hpp"

extern "C" {
extern const int hcc_sim_mpi_topology = 1;
}

using hcc::rt::rank_of;
using hcc::rt::size_of;

namespace {

struct Topology {
  explicit Topology(int of_kind) : kind(of_kind) {}
  int kind;  // MPI_CART, MPI_GRAPH or MPI_DIST_GRAPH
  MPI_Comm exchanges = MPI_COMM_NULL;
  // MPI_CART: the grid, in row-major order of the ranks.
  std::vector<int> dims, periods;
  // MPI_GRAPH: the whole graph, as MPI_Graph_create took it.
  std::vector<int> index, edges;
  // MPI_DIST_GRAPH: this rank's edges in and out, and their weights.
  std::vector<int> sources, source_weights, destinations, destination_weights;
  bool weighted = false;
};

// The topology of each rank's communicators (SMPI's communicators are
// objects of their rank's, so a handle is one rank's).
std::map<MPI_Comm, Topology>& topologies() {
  static std::map<MPI_Comm, Topology> all;
  return all;
}

const Topology* topology_of(MPI_Comm comm) {
  const auto it = topologies().find(comm);
  return it == topologies().end() ? nullptr : &it->second;
}

// Gives the communicator a call created its topology and its exchanges'
// duplicate.
int created(int rc, MPI_Comm comm, Topology topology) {
  if (rc != MPI_SUCCESS || comm == MPI_COMM_NULL) return rc;
  const int dup = PMPI_Comm_dup(comm, &topology.exchanges);
  if (dup != MPI_SUCCESS) return dup;
  topologies().insert_or_assign(comm, std::move(topology));
  return MPI_SUCCESS;
}

int forget(MPI_Comm comm) {
  const auto it = topologies().find(comm);
  if (it == topologies().end()) return MPI_SUCCESS;
  const int rc = PMPI_Comm_free(&it->second.exchanges);
  topologies().erase(it);
  return rc;
}

// A graph's neighbours of rank (MPI_Graph_neighbors).
std::vector<int> graph_neighbors(const Topology& t, int rank) {
  const int first = rank == 0 ? 0 : t.index[static_cast<size_t>(rank) - 1];
  return {t.edges.begin() + first, t.edges.begin() + t.index[static_cast<size_t>(rank)]};
}

std::vector<int> weights_or_ones(const int* weights, int n) {
  if (weights == MPI_UNWEIGHTED || weights == MPI_WEIGHTS_EMPTY || n == 0)
    return std::vector<int>(static_cast<size_t>(n), 1);
  return {weights, weights + n};
}

int graph_create(MPI_Comm old, int nnodes, const int* index, const int* edges, MPI_Comm* graph) {
  if (nnodes < 0 || nnodes > size_of(old)) return MPI_ERR_ARG;
  Topology t(MPI_GRAPH);
  t.index.assign(index, index + nnodes);
  for (int i = 0; i < nnodes; ++i)
    if (index[i] < (i ? index[i - 1] : 0)) return MPI_ERR_ARG;
  t.edges.assign(edges, edges + (nnodes ? index[nnodes - 1] : 0));
  if (std::any_of(t.edges.begin(), t.edges.end(), [&](int e) { return e < 0 || e >= nnodes; })) return MPI_ERR_TOPOLOGY;
  const int rank = rank_of(old);
  const int rc = PMPI_Comm_split(old, rank < nnodes ? 0 : MPI_UNDEFINED, rank, graph);
  return created(rc, *graph, std::move(t));
}

int dist_graph_adjacent(MPI_Comm old, int indegree, const int* sources, const int* source_weights, int outdegree,
                        const int* destinations, const int* destination_weights, MPI_Comm* graph) {
  if (indegree < 0 || outdegree < 0) return MPI_ERR_ARG;
  Topology t(MPI_DIST_GRAPH);
  t.sources.assign(sources, sources + indegree);
  t.destinations.assign(destinations, destinations + outdegree);
  t.weighted = source_weights != MPI_UNWEIGHTED;
  t.source_weights = weights_or_ones(source_weights, indegree);
  t.destination_weights = weights_or_ones(destination_weights, outdegree);
  const int size = size_of(old);
  const auto out_of_range = [&](int r) { return r < 0 || r >= size; };
  if (std::any_of(t.sources.begin(), t.sources.end(), out_of_range) ||
      std::any_of(t.destinations.begin(), t.destinations.end(), out_of_range))
    return MPI_ERR_RANK;
  const int rc = PMPI_Comm_dup(old, graph);
  return created(rc, *graph, std::move(t));
}

// MPI_Dist_graph_create: each rank gives any edges; every rank learns its
// own by an allgather of all of them, in the order of the ranks that gave
// them, then of their giving.
int dist_graph(MPI_Comm old, int n, const int* sources, const int* degrees, const int* destinations, const int* weights,
               MPI_Comm* graph) {
  if (n < 0) return MPI_ERR_ARG;
  const int size = size_of(old);
  std::vector<int> mine;  // (source, destination, weight) triples
  const bool weights_given = weights != MPI_UNWEIGHTED && weights != MPI_WEIGHTS_EMPTY;
  int k = 0;
  for (int i = 0; i < n; ++i)
    for (int d = 0; d < degrees[i]; ++d, ++k) {
      if (sources[i] < 0 || sources[i] >= size || destinations[k] < 0 || destinations[k] >= size) return MPI_ERR_RANK;
      mine.insert(mine.end(), {sources[i], destinations[k], weights_given ? weights[k] : 1});
    }
  std::vector<int> counts(static_cast<size_t>(size)), displs(static_cast<size_t>(size));
  int count = static_cast<int>(mine.size());
  PMPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, old);
  int total = 0;
  for (int r = 0; r < size; ++r) {
    displs[static_cast<size_t>(r)] = total;
    total += counts[static_cast<size_t>(r)];
  }
  std::vector<int> all(static_cast<size_t>(total));
  PMPI_Allgatherv(mine.data(), count, MPI_INT, all.data(), counts.data(), displs.data(), MPI_INT, old);
  int weighted = weights != MPI_UNWEIGHTED, any_weighted = 0;
  PMPI_Allreduce(&weighted, &any_weighted, 1, MPI_INT, MPI_LOR, old);

  Topology t(MPI_DIST_GRAPH);
  t.weighted = any_weighted;
  const int me = rank_of(old);
  for (size_t e = 0; e + 2 < all.size(); e += 3) {
    if (all[e + 1] == me) {
      t.sources.push_back(all[e]);
      t.source_weights.push_back(all[e + 2]);
    }
    if (all[e] == me) {
      t.destinations.push_back(all[e + 1]);
      t.destination_weights.push_back(all[e + 2]);
    }
  }
  const int rc = PMPI_Comm_dup(old, graph);
  return created(rc, *graph, std::move(t));
}

// A Cartesian rank's coordinates (row-major: the last dimension varies
// fastest).
std::vector<int> coords_of(const Topology& t, int rank) {
  std::vector<int> coords(t.dims.size());
  for (size_t d = t.dims.size(); d-- > 0;) {
    coords[d] = rank % t.dims[d];
    rank /= t.dims[d];
  }
  return coords;
}

// The rank at coords, wrapped around periodic dimensions; MPI_PROC_NULL
// beyond a dimension that is not.
int rank_at(const Topology& t, std::vector<int> coords) {
  int rank = 0;
  for (size_t d = 0; d < t.dims.size(); ++d) {
    int c = coords[d];
    if (c < 0 || c >= t.dims[d]) {
      if (!t.periods[d]) return MPI_PROC_NULL;
      c = ((c % t.dims[d]) + t.dims[d]) % t.dims[d];
    }
    rank = rank * t.dims[d] + c;
  }
  return rank;
}

int grid(MPI_Comm old, int ndims, const int* dims, const int* periods, MPI_Comm* cart) {
  if (ndims < 0) return MPI_ERR_DIMS;
  Topology t(MPI_CART);
  int nodes = 1;
  for (int d = 0; d < ndims; ++d) {
    if (dims[d] <= 0) return MPI_ERR_DIMS;
    nodes *= dims[d];
    t.dims.push_back(dims[d]);
    t.periods.push_back(periods[d] ? 1 : 0);
  }
  if (nodes > size_of(old)) return MPI_ERR_DIMS;
  const int rank = rank_of(old);
  const int rc = PMPI_Comm_split(old, rank < nodes ? 0 : MPI_UNDEFINED, rank, cart);
  return created(rc, *cart, std::move(t));
}

// MPI_Cart_sub: the ranks that share the coordinates of the dimensions
// dropped form a grid of those kept.
int sub_grid(MPI_Comm comm, const int* remain, MPI_Comm* sub) {
  const Topology* t = topology_of(comm);
  if (!t || t->kind != MPI_CART) return MPI_ERR_TOPOLOGY;
  const std::vector<int> coords = coords_of(*t, rank_of(comm));
  Topology kept(MPI_CART);
  int color = 0;
  for (size_t d = 0; d < t->dims.size(); ++d)
    if (remain[d]) {
      kept.dims.push_back(t->dims[d]);
      kept.periods.push_back(t->periods[d]);
    } else {
      color = color * t->dims[d] + coords[d];
    }
  const int rc = PMPI_Comm_split(comm, color, rank_of(comm), sub);
  return created(rc, *sub, std::move(kept));
}

// MPI_Dims_create as OpenMPI makes it: the prime factors of the free
// ranks, largest first, each to the dimension with the fewest so far,
// the free dimensions then in decreasing order.
int dims_create(int nnodes, int ndims, int* dims) {
  if (nnodes <= 0 || ndims < 0) return MPI_ERR_DIMS;
  int free_ranks = nnodes, free_dims = 0;
  for (int d = 0; d < ndims; ++d) {
    if (dims[d] < 0 || (dims[d] > 0 && nnodes % dims[d] != 0)) return MPI_ERR_DIMS;
    if (dims[d] == 0)
      ++free_dims;
    else
      free_ranks /= dims[d];
  }
  if (free_dims == 0) return free_ranks == 1 ? MPI_SUCCESS : MPI_ERR_DIMS;
  std::vector<int> factors;
  for (int f = 2, n = free_ranks; n > 1;) {
    if (f * f > n) f = n;
    if (n % f == 0) {
      factors.push_back(f);
      n /= f;
    } else {
      ++f;
    }
  }
  std::vector<int> bins(static_cast<size_t>(free_dims), 1);
  for (auto f = factors.rbegin(); f != factors.rend(); ++f) *std::min_element(bins.begin(), bins.end()) *= *f;
  std::sort(bins.begin(), bins.end(), std::greater<>());
  auto next = bins.begin();
  for (int d = 0; d < ndims; ++d)
    if (dims[d] == 0) dims[d] = *next++;
  return MPI_SUCCESS;
}

const Topology* cartesian(MPI_Comm comm) {
  const Topology* t = topology_of(comm);
  return t && t->kind == MPI_CART ? t : nullptr;
}

// MPI_Cart_map and MPI_Graph_map: each rank keeps its rank, those beyond
// the topology's nodes have none.
int map_rank(MPI_Comm old, int nnodes, int* newrank) {
  if (nnodes < 0 || nnodes > size_of(old)) return MPI_ERR_ARG;
  const int rank = rank_of(old);
  *newrank = rank < nnodes ? rank : MPI_UNDEFINED;
  return MPI_SUCCESS;
}

int copy_out(const std::vector<int>& from, int max, int* to) {
  if (max > 0 && to && to != MPI_UNWEIGHTED && to != MPI_WEIGHTS_EMPTY)
    std::copy_n(from.begin(), std::min<size_t>(from.size(), static_cast<size_t>(max)), to);
  return MPI_SUCCESS;
}

}  // namespace

namespace hcc::rt {

int neighbors_of(MPI_Comm comm, Neighbors* n) {
  const Topology* t = topology_of(comm);
  if (!t) return MPI_ERR_TOPOLOGY;
  *n = Neighbors{};
  n->comm = t->exchanges;
  if (t->kind == MPI_CART) {
    // For each dimension, the rank below then the one above. A rank sends
    // block j to out[j] and receives block k from in[k]: the block a rank
    // receives from below is what that rank sent up (its block 2d + 1),
    // which the tags say, so that a periodic dimension of 1 or 2 ranks,
    // where both neighbours are one rank, pairs the blocks right.
    const std::vector<int> coords = coords_of(*t, rank_of(comm));
    for (int d = 0; d < static_cast<int>(t->dims.size()); ++d) {
      std::vector<int> at = coords;
      at[static_cast<size_t>(d)] -= 1;
      const int below = rank_at(*t, at);
      at[static_cast<size_t>(d)] += 2;
      const int above = rank_at(*t, at);
      n->in.insert(n->in.end(), {below, above});
      n->in_tags.insert(n->in_tags.end(), {2 * d + 1, 2 * d});
      n->out.insert(n->out.end(), {below, above});
      n->out_tags.insert(n->out_tags.end(), {2 * d, 2 * d + 1});
    }
    return MPI_SUCCESS;
  }
  // A graph's: the messages between two ranks pair in their order, as
  // MPI's non-overtaking rule pairs them.
  if (t->kind == MPI_GRAPH) {
    n->in = n->out = graph_neighbors(*t, rank_of(comm));
  } else {
    n->in = t->sources;
    n->out = t->destinations;
  }
  n->in_tags.assign(n->in.size(), 0);
  n->out_tags.assign(n->out.size(), 0);
  return MPI_SUCCESS;
}

}  // namespace hcc::rt

extern "C" {

int MPI_Cart_create(MPI_Comm old, int ndims, const int* dims, const int* periods, int, MPI_Comm* cart) {
  HCC_MPI_COMM_ENTRY("MPI_Cart_create", old, grid(old, ndims, dims, periods, cart));
}

int MPI_Cart_sub(MPI_Comm comm, const int* remain_dims, MPI_Comm* sub) {
  HCC_MPI_COMM_ENTRY("MPI_Cart_sub", comm, sub_grid(comm, remain_dims, sub));
}

int MPI_Dims_create(int nnodes, int ndims, int* dims) {
  return hcc::rt::raised("MPI_Dims_create", MPI_COMM_WORLD, dims_create(nnodes, ndims, dims));
}

int MPI_Cartdim_get(MPI_Comm comm, int* ndims) {
  return hcc::rt::raised("MPI_Cartdim_get", comm, [&]() -> int {
    const Topology* t = cartesian(comm);
    if (!t) return MPI_ERR_TOPOLOGY;
    *ndims = static_cast<int>(t->dims.size());
    return MPI_SUCCESS;
  }());
}

int MPI_Cart_get(MPI_Comm comm, int maxdims, int* dims, int* periods, int* coords) {
  return hcc::rt::raised("MPI_Cart_get", comm, [&]() -> int {
    const Topology* t = cartesian(comm);
    if (!t) return MPI_ERR_TOPOLOGY;
    copy_out(t->dims, maxdims, dims);
    copy_out(t->periods, maxdims, periods);
    return copy_out(coords_of(*t, rank_of(comm)), maxdims, coords);
  }());
}

int MPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int* coords) {
  return hcc::rt::raised("MPI_Cart_coords", comm, [&]() -> int {
    const Topology* t = cartesian(comm);
    if (!t) return MPI_ERR_TOPOLOGY;
    if (rank < 0 || rank >= size_of(comm)) return MPI_ERR_RANK;
    return copy_out(coords_of(*t, rank), maxdims, coords);
  }());
}

int MPI_Cart_rank(MPI_Comm comm, const int* coords, int* rank) {
  return hcc::rt::raised("MPI_Cart_rank", comm, [&]() -> int {
    const Topology* t = cartesian(comm);
    if (!t) return MPI_ERR_TOPOLOGY;
    *rank = rank_at(*t, {coords, coords + t->dims.size()});
    return *rank == MPI_PROC_NULL ? MPI_ERR_ARG : MPI_SUCCESS;
  }());
}

int MPI_Cart_shift(MPI_Comm comm, int direction, int disp, int* source, int* dest) {
  return hcc::rt::raised("MPI_Cart_shift", comm, [&]() -> int {
    const Topology* t = cartesian(comm);
    if (!t) return MPI_ERR_TOPOLOGY;
    if (direction < 0 || direction >= static_cast<int>(t->dims.size())) return MPI_ERR_ARG;
    std::vector<int> at = coords_of(*t, rank_of(comm));
    at[static_cast<size_t>(direction)] += disp;
    *dest = rank_at(*t, at);
    at[static_cast<size_t>(direction)] -= 2 * disp;
    *source = rank_at(*t, at);
    return MPI_SUCCESS;
  }());
}

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm* copy) {
  HCC_MPI_COMM_ENTRY("MPI_Comm_dup", comm, [&] {
    const int rc = PMPI_Comm_dup(comm, copy);
    const Topology* t = topology_of(comm);
    return t ? created(rc, *copy, Topology(*t)) : rc;
  }());
}

int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm* copy) {
  HCC_MPI_COMM_ENTRY("MPI_Comm_dup_with_info", comm, [&] {
    const int rc = PMPI_Comm_dup_with_info(comm, info, copy);
    const Topology* t = topology_of(comm);
    return t ? created(rc, *copy, Topology(*t)) : rc;
  }());
}

// SMPI has no MPI_Comm_idup: the duplicate is made (MPI_Comm_dup, a
// blocking collective) at the request's first wait or test, not at once: a
// rank that starts an idup and then sends to a rank that starts its own only
// after that message's receipt deadlocked (MPICH's comm/comm_idup). The
// ranks' other collectives on comm between the idup and its completion come
// before the duplicate on every rank that completes it at the same place.
int MPI_Comm_idup(MPI_Comm comm, MPI_Comm* copy, MPI_Request* request) {
  HCC_MPI_COMM_ENTRY("MPI_Comm_idup", comm, [&]() -> int {
    if (comm == MPI_COMM_NULL) return MPI_ERR_COMM;
    *request = hcc::rt::start_exchange({}, [comm, copy] {
      if (PMPI_Comm_dup(comm, copy) != MPI_SUCCESS) return;
      if (const Topology* t = topology_of(comm)) created(MPI_SUCCESS, *copy, Topology(*t));
    });
    return MPI_SUCCESS;
  }());
}

int MPI_Comm_free(MPI_Comm* comm) {
  HCC_MPI_COMM_ENTRY("MPI_Comm_free", MPI_COMM_WORLD, [&] {
    if (comm && *comm != MPI_COMM_NULL) forget(*comm);
    return PMPI_Comm_free(comm);
  }());
}

int MPI_Topo_test(MPI_Comm comm, int* kind) {
  return hcc::rt::raised("MPI_Topo_test", comm, [&]() -> int {
    if (comm == MPI_COMM_NULL) return MPI_ERR_COMM;
    const Topology* t = topology_of(comm);
    *kind = t ? t->kind : MPI_UNDEFINED;
    return MPI_SUCCESS;
  }());
}

int MPI_Cart_map(MPI_Comm old, int ndims, const int* dims, const int*, int* newrank) {
  return hcc::rt::raised("MPI_Cart_map", old, [&]() -> int {
    int nnodes = 1;
    for (int d = 0; d < ndims; ++d) nnodes *= dims[d];
    return map_rank(old, nnodes, newrank);
  }());
}

int MPI_Graph_map(MPI_Comm old, int nnodes, const int*, const int*, int* newrank) {
  return hcc::rt::raised("MPI_Graph_map", old, [&]() -> int { return map_rank(old, nnodes, newrank); }());
}

int MPI_Graph_create(MPI_Comm old, int nnodes, const int* index, const int* edges, int, MPI_Comm* graph) {
  HCC_MPI_COMM_ENTRY("MPI_Graph_create", old, graph_create(old, nnodes, index, edges, graph));
}

int MPI_Graphdims_get(MPI_Comm comm, int* nnodes, int* nedges) {
  return hcc::rt::raised("MPI_Graphdims_get", comm, [&]() -> int {
    const Topology* t = topology_of(comm);
    if (!t || t->kind != MPI_GRAPH) return MPI_ERR_TOPOLOGY;
    *nnodes = static_cast<int>(t->index.size());
    *nedges = static_cast<int>(t->edges.size());
    return MPI_SUCCESS;
  }());
}

int MPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int* index, int* edges) {
  return hcc::rt::raised("MPI_Graph_get", comm, [&]() -> int {
    const Topology* t = topology_of(comm);
    if (!t || t->kind != MPI_GRAPH) return MPI_ERR_TOPOLOGY;
    copy_out(t->index, maxindex, index);
    return copy_out(t->edges, maxedges, edges);
  }());
}

int MPI_Graph_neighbors_count(MPI_Comm comm, int rank, int* nneighbors) {
  return hcc::rt::raised("MPI_Graph_neighbors_count", comm, [&]() -> int {
    const Topology* t = topology_of(comm);
    if (!t || t->kind != MPI_GRAPH) return MPI_ERR_TOPOLOGY;
    if (rank < 0 || rank >= static_cast<int>(t->index.size())) return MPI_ERR_RANK;
    *nneighbors = static_cast<int>(graph_neighbors(*t, rank).size());
    return MPI_SUCCESS;
  }());
}

int MPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors, int* neighbors) {
  return hcc::rt::raised("MPI_Graph_neighbors", comm, [&]() -> int {
    const Topology* t = topology_of(comm);
    if (!t || t->kind != MPI_GRAPH) return MPI_ERR_TOPOLOGY;
    if (rank < 0 || rank >= static_cast<int>(t->index.size())) return MPI_ERR_RANK;
    return copy_out(graph_neighbors(*t, rank), maxneighbors, neighbors);
  }());
}

int MPI_Dist_graph_create_adjacent(MPI_Comm old, int indegree, const int* sources, const int* source_weights,
                                   int outdegree, const int* destinations, const int* destination_weights, MPI_Info,
                                   int, MPI_Comm* graph) {
  HCC_MPI_COMM_ENTRY(
      "MPI_Dist_graph_create_adjacent", old,
      dist_graph_adjacent(old, indegree, sources, source_weights, outdegree, destinations, destination_weights, graph));
}

int MPI_Dist_graph_create(MPI_Comm old, int n, const int* sources, const int* degrees, const int* destinations,
                          const int* weights, MPI_Info, int, MPI_Comm* graph) {
  HCC_MPI_COMM_ENTRY("MPI_Dist_graph_create", old, dist_graph(old, n, sources, degrees, destinations, weights, graph));
}

int MPI_Dist_graph_neighbors_count(MPI_Comm comm, int* indegree, int* outdegree, int* weighted) {
  return hcc::rt::raised("MPI_Dist_graph_neighbors_count", comm, [&]() -> int {
    const Topology* t = topology_of(comm);
    if (!t || t->kind != MPI_DIST_GRAPH) return MPI_ERR_TOPOLOGY;
    *indegree = static_cast<int>(t->sources.size());
    *outdegree = static_cast<int>(t->destinations.size());
    *weighted = t->weighted;
    return MPI_SUCCESS;
  }());
}

int MPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int* sources, int* source_weights, int maxoutdegree,
                             int* destinations, int* destination_weights) {
  return hcc::rt::raised("MPI_Dist_graph_neighbors", comm, [&]() -> int {
    const Topology* t = topology_of(comm);
    if (!t || t->kind != MPI_DIST_GRAPH) return MPI_ERR_TOPOLOGY;
    copy_out(t->sources, maxindegree, sources);
    copy_out(t->destinations, maxoutdegree, destinations);
    if (t->weighted) {
      copy_out(t->source_weights, maxindegree, source_weights);
      copy_out(t->destination_weights, maxoutdegree, destination_weights);
    }
    return MPI_SUCCESS;
  }());
}

}  // extern "C"
