// Conjugate gradient on a distributed sparse matrix, as MPI codes in C++
// are written: the 5-point Laplacian of an m x m grid (n = m * m unknowns)
// in compressed rows, distributed by blocks of grid rows over the ranks;
// each iteration exchanges the halo rows of the search direction with the
// neighbour ranks, multiplies with OpenMP tasks over blocks of rows, and
// reduces its dot products over all ranks (MPI_Allreduce).
//
// On purpose, the program counts and keeps state in class statics (and a
// namespace-scope table): built with `hccsim -fsimulate`, where every rank
// is an actor of one process, the compiler gives each rank its own copies
// (rewriter/lib/Privatize.cpp); built with mpicxx, nothing changes.
//
//   mpirun -np P mpi-cg [m=128] [K=500 iterations] [B=16 grid rows per task]
//   hccsim-run -np P --platform cluster-64x16 ./mpi-cg-sim [m] [K] [B]
//
// b = A * ones, x0 = 0; K iterations always (a simulation computes no
// kernel, so no decision may depend on computed values). Prints "mpi-cg:
// m=.. n=.. K=.. B=.. ranks=.." then "residual=<|b - Ax| / |b|> ok" after
// checking that the recurrence's residual is the true one and that CG
// converged (below a thousandth of |b|; EXAMPLE_CHECK=0 leaves that out, for
// timing runs with too few iterations), or, built with -fsimulate,
// "simulated". With EXAMPLE_TIME=1 rank 0 prints the time of the K
// iterations on stderr (MPI_Wtime): "mpi-cg: seconds=...".
#include <mpi.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

// Every rank writes to the one stderr, as under mpirun: shared on purpose
// (hccsim would warn that a library's variable is shared).
#pragma hcc keep_global(stderr)

// A rank's rows of the matrix; columns index the rank's vector with its
// halo: [one grid row below the first | own rows | one grid row above].
class DistMatrix {
 public:
  static int instances;  // matrices built by this rank
  int m = 0, first = 0, rows = 0;  // grid width, first grid row, grid rows
  std::vector<int> start, cols;
  std::vector<double> vals;

  DistMatrix(int m_, int first_, int rows_) : m(m_), first(first_), rows(rows_) {
    ++instances;
    start.push_back(0);
    for (int r = first; r < first + rows; ++r)
      for (int c = 0; c < m; ++c) {
        auto add = [&](int rr, int cc, double v) {
          if (rr < 0 || rr >= m || cc < 0 || cc >= m) return;
          cols.push_back((rr - first + 1) * m + cc);  // + 1: the halo row below
          vals.push_back(v);
        };
        add(r - 1, c, -1);
        add(r, c - 1, -1);
        add(r, c, 4);
        add(r, c + 1, -1);
        add(r + 1, c, -1);
        start.push_back(static_cast<int>(cols.size()));
      }
  }
};
int DistMatrix::instances = 0;

// What the solver did, kept as a program keeps its statistics.
class Stats {
 public:
  static int iterations;
  static int exchanges;
  static std::vector<double> history;  // rr at each iteration
};
int Stats::iterations = 0;
int Stats::exchanges = 0;
std::vector<double> Stats::history;

namespace world {
int rank = 0, size = 1;
}

// y[i] = (A p)[i] for the rows [lo, hi) of a block.
static void spmv_block(const DistMatrix *a, const double *p, double *y, int lo, int hi) {
  for (int i = lo; i < hi; ++i) {
    double s = 0;
    for (int k = a->start[i]; k < a->start[i + 1]; ++k) s += a->vals[k] * p[a->cols[k]];
    y[i] = s;
  }
}

static void dot_block(const double *x, const double *y, int lo, int hi, double *out) {
  double s = 0;
  for (int i = lo; i < hi; ++i) s += x[i] * y[i];
  *out = s;
}

// x += alpha p; r -= alpha q
static void update_block(double *x, double *r, const double *p, const double *q, double alpha, int lo, int hi) {
  for (int i = lo; i < hi; ++i) {
    x[i] += alpha * p[i];
    r[i] -= alpha * q[i];
  }
}

// p = r + beta p (own part: after the halo row)
static void direction_block(double *p, const double *r, double beta, int lo, int hi) {
  for (int i = lo; i < hi; ++i) p[i] = r[i] + beta * p[i];
}

// The halo rows of p from the neighbour ranks.
static void exchange(std::vector<double> &p_halo, int m, int rows) {
  const int below = world::rank > 0 ? world::rank - 1 : MPI_PROC_NULL;
  const int above = world::rank < world::size - 1 ? world::rank + 1 : MPI_PROC_NULL;
  double *p = p_halo.data();
  MPI_Sendrecv(p + m, m, MPI_DOUBLE, below, 0, p + (rows + 1) * m, m, MPI_DOUBLE, above, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  MPI_Sendrecv(p + rows * m, m, MPI_DOUBLE, above, 1, p, m, MPI_DOUBLE, below, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  ++Stats::exchanges;
}

// The global dot product of the rank's rows, by blocks of tasks.
static double dot(const double *x, const double *y, int n, int block) {
  const int nblocks = (n + block - 1) / block;
  std::vector<double> part(nblocks);
  double *out = part.data();
#pragma omp parallel
#pragma omp single
  for (int b = 0; b < nblocks; ++b) {
    const int lo = b * block, hi = lo + block < n ? lo + block : n;
#pragma omp task firstprivate(lo, hi, b)
#pragma hcc params(rows = hi - lo)
    dot_block(x, y, lo, hi, &out[b]);
  }
  double local = 0, global = 0;
  for (double s : part) local += s;
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return global;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &world::rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world::size);
  const int m = argc > 1 ? std::atoi(argv[1]) : 128;
  const int iters = argc > 2 ? std::atoi(argv[2]) : 500;
  const int block_rows = argc > 3 ? std::atoi(argv[3]) : 16;
  if (m < 2 || iters < 1 || block_rows < 1 || m < world::size) {
    if (world::rank == 0) std::fprintf(stderr, "usage: mpi-cg [m >= 2 and >= ranks] [K >= 1] [B >= 1]\n");
    MPI_Finalize();
    return 2;
  }
  const int rows = m / world::size + (world::rank < m % world::size);
  const int first = world::rank * (m / world::size) + (world::rank < m % world::size ? world::rank : m % world::size);
  const DistMatrix a(m, first, rows);
  const int n = rows * m, block = block_rows * m;
  const int nblocks = (n + block - 1) / block;
  // b = A * ones: ones everywhere, halo included.
  std::vector<double> ones((rows + 2) * m, 1.0), b(n), x(n, 0.0), r(n), q(n), p_halo((rows + 2) * m, 0.0);
  spmv_block(&a, ones.data(), b.data(), 0, n);
  r = b;
  std::memcpy(p_halo.data() + m, r.data(), n * sizeof(double));
  if (world::rank == 0)
    std::printf("mpi-cg: m=%d n=%d K=%d B=%d ranks=%d\n", m, m * m, iters, block_rows, world::size);

  double *xp = x.data(), *rp = r.data(), *qp = q.data(), *pp = p_halo.data() + m;
  const double *ph = p_halo.data();
  const DistMatrix *ap = &a;
  const double bb = dot(b.data(), b.data(), n, block);
  double rr = bb;
  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  for (int k = 0; k < iters; ++k) {
    exchange(p_halo, m, rows);
#pragma omp parallel
#pragma omp single
    for (int blk = 0; blk < nblocks; ++blk) {
      const int lo = blk * block, hi = lo + block < n ? lo + block : n;
#pragma omp task firstprivate(lo, hi)
#pragma hcc params(rows = hi - lo)
      spmv_block(ap, ph, qp, lo, hi);
    }
    const double alpha = rr / dot(pp, qp, n, block);
#pragma omp parallel
#pragma omp single
    for (int blk = 0; blk < nblocks; ++blk) {
      const int lo = blk * block, hi = lo + block < n ? lo + block : n;
#pragma omp task firstprivate(lo, hi)
#pragma hcc params(rows = hi - lo)
      update_block(xp, rp, pp, qp, alpha, lo, hi);
    }
    const double rr_next = dot(rp, rp, n, block);
    const double beta = rr_next / rr;
    rr = rr_next;
#pragma omp parallel
#pragma omp single
    for (int blk = 0; blk < nblocks; ++blk) {
      const int lo = blk * block, hi = lo + block < n ? lo + block : n;
#pragma omp task firstprivate(lo, hi)
#pragma hcc params(rows = hi - lo)
      direction_block(pp, rp, beta, lo, hi);
    }
    ++Stats::iterations;
    Stats::history.push_back(rr);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  const double seconds = MPI_Wtime() - start;
  const char *timing = std::getenv("EXAMPLE_TIME");
  if (world::rank == 0 && timing && std::strcmp(timing, "1") == 0)
    std::fprintf(stderr, "mpi-cg: seconds=%.6f\n", seconds);

  int status = 0;
#ifdef __HCCSIM_SIMULATE__
  if (world::rank == 0) std::printf("simulated\n");
#else
  // The true residual b - A x, against the recurrence's.
  std::vector<double> x_halo((rows + 2) * m, 0.0), ax(n), res(n);
  std::memcpy(x_halo.data() + m, x.data(), n * sizeof(double));
  exchange(x_halo, m, rows);
  spmv_block(&a, x_halo.data(), ax.data(), 0, n);
  for (int i = 0; i < n; ++i) res[i] = b[i] - ax[i];
  const double true_rr = dot(res.data(), res.data(), n, block);
  const double relative = std::sqrt(true_rr / bb);
  const char *check = std::getenv("EXAMPLE_CHECK");
  const bool converged = relative < 1e-3 || (check && std::strcmp(check, "0") == 0);
  const bool ok = std::fabs(std::sqrt(true_rr) - std::sqrt(rr)) <= 1e-6 * std::sqrt(bb) && converged &&
                  Stats::iterations == iters && Stats::exchanges == iters + 1 && DistMatrix::instances == 1 &&
                  Stats::history.size() == static_cast<size_t>(iters);
  status = ok ? 0 : 1;
  if (world::rank == 0) std::printf("residual=%.2e %s\n", relative, ok ? "ok" : "FAILED");
#endif
  MPI_Allreduce(MPI_IN_PLACE, &status, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return status;
}
