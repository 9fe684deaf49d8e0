// A C++ MPI+OpenMP mini-application shaped like a hydrodynamics proxy: each
// rank owns a strip of a quadrilateral mesh; element-to-node connectivity
// and node-to-element index arrays of several MiB are allocated with new[]
// and read by every step of the time loop (OpenMP loops inside the rank,
// halo exchange and reductions from the thread that initialised MPI: it
// requires MPI_THREAD_FUNNELED). Prints the final energy, which depends on
// every element and node.
#include <mpi.h>
#include <omp.h>

#include <cmath>
#include <cstdio>
#include <vector>

namespace {

constexpr int kWidth = 512;         // elements per row
constexpr int kRows = 1024;         // rows of the whole mesh
constexpr int kSteps = 8;

struct Mesh {
  int rows = 0, first_row = 0;
  int nelem = 0, nnode = 0;
  int *elem_nodes = nullptr;        // 4 nodes per element
  int *node_elem_start = nullptr;   // node -> its elements (CSR)
  int *node_elems = nullptr;
  double *x = nullptr, *energy = nullptr, *pressure = nullptr, *velocity = nullptr;

  explicit Mesh(int my_rows, int first) : rows(my_rows), first_row(first) {
    nelem = rows * kWidth;
    nnode = (rows + 1) * (kWidth + 1);
    elem_nodes = new int[4 * nelem];
    node_elem_start = new int[nnode + 1];
    node_elems = new int[4 * nelem];
    x = new double[nnode];
    velocity = new double[nnode];
    energy = new double[nelem];
    pressure = new double[nelem];
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < kWidth; ++c) {
        const int e = r * kWidth + c, n = r * (kWidth + 1) + c;
        elem_nodes[4 * e + 0] = n;
        elem_nodes[4 * e + 1] = n + 1;
        elem_nodes[4 * e + 2] = n + kWidth + 2;
        elem_nodes[4 * e + 3] = n + kWidth + 1;
        energy[e] = 1.0 + 0.5 * std::sin(0.01 * (first_row + r) + 0.02 * c);
      }
    std::vector<int> count(nnode, 0);
    for (int i = 0; i < 4 * nelem; ++i) ++count[elem_nodes[i]];
    node_elem_start[0] = 0;
    for (int n = 0; n < nnode; ++n) node_elem_start[n + 1] = node_elem_start[n] + count[n];
    std::vector<int> fill(node_elem_start, node_elem_start + nnode);
    for (int e = 0; e < nelem; ++e)
      for (int k = 0; k < 4; ++k) node_elems[fill[elem_nodes[4 * e + k]]++] = e;
    for (int n = 0; n < nnode; ++n) {
      x[n] = (n % (kWidth + 1)) * 0.01;
      velocity[n] = 0.0;
    }
  }
  ~Mesh() {
    delete[] elem_nodes;
    delete[] node_elem_start;
    delete[] node_elems;
    delete[] x;
    delete[] velocity;
    delete[] energy;
    delete[] pressure;
  }
  Mesh(const Mesh &) = delete;
  Mesh &operator=(const Mesh &) = delete;
};

}  // namespace

int main(int argc, char **argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED) {
    std::printf("mini_app: MPI_THREAD_FUNNELED is required (provided %d)\n", provided);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int rows = kRows / size, first = rank * rows;
  Mesh mesh(rows, first);
  const double dt = 1e-3;
  std::vector<double> halo_up(kWidth + 1), halo_down(kWidth + 1);
  for (int step = 0; step < kSteps; ++step) {
#pragma omp parallel for schedule(static)
    for (int e = 0; e < mesh.nelem; ++e) {
      const int *n = &mesh.elem_nodes[4 * e];
      const double volume = 1.0 + 0.25 * (mesh.x[n[1]] - mesh.x[n[0]] + mesh.x[n[2]] - mesh.x[n[3]]);
      mesh.pressure[e] = 0.4 * mesh.energy[e] / volume;
    }
#pragma omp parallel for schedule(static)
    for (int nd = 0; nd < mesh.nnode; ++nd) {
      double force = 0;
      for (int k = mesh.node_elem_start[nd]; k < mesh.node_elem_start[nd + 1]; ++k)
        force += (k % 2 ? 1.0 : -1.0) * mesh.pressure[mesh.node_elems[k]];
      mesh.velocity[nd] += dt * force;
    }
    // Halo: the boundary rows' velocities, averaged with the neighbours'.
    double *bottom = &mesh.velocity[0], *top = &mesh.velocity[rows * (kWidth + 1)];
    const int up = rank + 1 < size ? rank + 1 : MPI_PROC_NULL, down = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    MPI_Sendrecv(top, kWidth + 1, MPI_DOUBLE, up, 0, halo_down.data(), kWidth + 1, MPI_DOUBLE, down, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(bottom, kWidth + 1, MPI_DOUBLE, down, 1, halo_up.data(), kWidth + 1, MPI_DOUBLE, up, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (down != MPI_PROC_NULL)
      for (int c = 0; c <= kWidth; ++c) bottom[c] = 0.5 * (bottom[c] + halo_down[c]);
    if (up != MPI_PROC_NULL)
      for (int c = 0; c <= kWidth; ++c) top[c] = 0.5 * (top[c] + halo_up[c]);
#pragma omp parallel for schedule(static)
    for (int e = 0; e < mesh.nelem; ++e) {
      const int *n = &mesh.elem_nodes[4 * e];
      const double div = mesh.velocity[n[1]] - mesh.velocity[n[0]] + mesh.velocity[n[2]] - mesh.velocity[n[3]];
      mesh.energy[e] -= dt * mesh.pressure[e] * div;
    }
  }
  // Summed in element order: the same whatever the team's size.
  double local = 0, total = 0;
  for (int e = 0; e < mesh.nelem; ++e) local += mesh.energy[e];
  std::vector<double> all(size);
  MPI_Gather(&local, 1, MPI_DOUBLE, all.data(), 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  for (double v : all) total += v;
  if (rank == 0) std::printf("mini_app: ranks=%d final energy=%.9e\n", size, total);
  MPI_Finalize();
  return 0;
}
