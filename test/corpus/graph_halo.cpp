// A Jacobi sweep over a ring of grid rows where each row is also coupled to
// the row half the ring away, its rows split in blocks over the ranks: each
// rank finds which ranks own the rows it needs, describes them to MPI as a
// distributed graph, and exchanges its halo with a nonblocking
// neighbourhood collective while it updates the rows that need none.
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <vector>

namespace {

constexpr int kRows = 96, kCols = 64, kSweeps = 30;

struct Block {
  int first, count;
};

Block block_of(int rank, int ranks) {
  const int base = kRows / ranks, extra = kRows % ranks;
  return {rank * base + std::min(rank, extra), base + (rank < extra ? 1 : 0)};
}

int owner_of(int row, int ranks) {
  for (int r = 0; r < ranks; ++r) {
    const Block b = block_of(r, ranks);
    if (row >= b.first && row < b.first + b.count) return r;
  }
  return -1;
}

std::vector<int> couplings(int row) { return {(row + 1) % kRows, (row + kRows - 1) % kRows, (row + kRows / 2) % kRows}; }

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const Block mine = block_of(rank, ranks);

  // The rows each other rank owns that mine need (the couplings are
  // symmetric, so they need the same number of mine back).
  std::map<int, std::set<int>> needed;  // owner -> rows
  for (int i = mine.first; i < mine.first + mine.count; ++i)
    for (int j : couplings(i))
      if (const int o = owner_of(j, ranks); o != rank) needed[o].insert(j);
  std::map<int, std::set<int>> wanted;  // rank -> my rows it needs
  for (int i = mine.first; i < mine.first + mine.count; ++i)
    for (int j : couplings(i))
      if (const int o = owner_of(j, ranks); o != rank) wanted[o].insert(i);

  std::vector<int> neighbours;
  for (const auto& [o, rows] : needed) neighbours.push_back(o);
  MPI_Comm graph;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, static_cast<int>(neighbours.size()), neighbours.data(),
                                 MPI_UNWEIGHTED, static_cast<int>(neighbours.size()), neighbours.data(),
                                 MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &graph);
  int in = 0, out = 0, weighted = 0;
  MPI_Dist_graph_neighbors_count(graph, &in, &out, &weighted);

  // The grid: my rows, then the halo rows in the order of the neighbours.
  std::map<int, int> slot;  // row -> where it lies in u
  for (int i = 0; i < mine.count; ++i) slot[mine.first + i] = i;
  std::vector<int> recv_counts, recv_displs, send_counts, send_displs;
  int next = mine.count;
  for (int o : neighbours) {
    recv_displs.push_back(next * kCols);
    recv_counts.push_back(static_cast<int>(needed[o].size()) * kCols);
    for (int j : needed[o]) slot[j] = next++;
  }
  std::vector<double> send_buf;
  for (int o : neighbours) {
    send_displs.push_back(static_cast<int>(send_buf.size()));
    send_counts.push_back(static_cast<int>(wanted[o].size()) * kCols);
    send_buf.resize(send_buf.size() + wanted[o].size() * kCols);
  }
  std::vector<double> u(static_cast<size_t>(next) * kCols), v(static_cast<size_t>(mine.count) * kCols);
  for (int i = 0; i < mine.count; ++i)
    for (int c = 0; c < kCols; ++c) u[static_cast<size_t>(i) * kCols + c] = std::sin(0.1 * (mine.first + i) + 0.05 * c);

  auto update = [&](int i) {
    const int row = mine.first + i;
    for (int c = 0; c < kCols; ++c) {
      double sum = u[static_cast<size_t>(i) * kCols + (c + 1) % kCols] + u[static_cast<size_t>(i) * kCols + (c + kCols - 1) % kCols];
      for (int j : couplings(row)) sum += u[static_cast<size_t>(slot[j]) * kCols + c];
      v[static_cast<size_t>(i) * kCols + c] = 0.2 * sum;
    }
  };
  auto is_interior = [&](int i) {
    for (int j : couplings(mine.first + i))
      if (owner_of(j, ranks) != rank) return false;
    return true;
  };

  for (int sweep = 1; sweep <= kSweeps; ++sweep) {
    size_t k = 0;
    for (int o : neighbours)
      for (int i : wanted[o])
        for (int c = 0; c < kCols; ++c) send_buf[k++] = u[static_cast<size_t>(slot[i]) * kCols + c];
    MPI_Request halo;
    MPI_Ineighbor_alltoallv(send_buf.data(), send_counts.data(), send_displs.data(), MPI_DOUBLE, u.data(),
                            recv_counts.data(), recv_displs.data(), MPI_DOUBLE, graph, &halo);
    for (int i = 0; i < mine.count; ++i)
      if (is_interior(i)) update(i);
    MPI_Wait(&halo, MPI_STATUS_IGNORE);
    for (int i = 0; i < mine.count; ++i)
      if (!is_interior(i)) update(i);
    double change = 0, total = 0;
    for (size_t x = 0; x < v.size(); ++x) change = std::max(change, std::fabs(v[x] - u[x]));
    std::copy(v.begin(), v.end(), u.begin());
    MPI_Allreduce(MPI_IN_PLACE, &change, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (sweep % 10 == 0) {
      for (double x : v) total += x;
      MPI_Allreduce(MPI_IN_PLACE, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      if (rank == 0) std::printf("sweep %d: largest change %.6e, sum %.4f\n", sweep, change, total);
    }
  }
  int counts[2] = {in, out}, most[2];
  MPI_Reduce(counts, most, 2, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0) std::printf("%d ranks: at most %d neighbours in, %d out\n", ranks, most[0], most[1]);
  MPI_Comm_free(&graph);
  MPI_Finalize();
  return 0;
}
