/* A 2-D Jacobi heat stencil on an N x N plate distributed by rows over the
 * MPI ranks, as hybrid codes are written: each step exchanges one halo row
 * with each neighbour rank (MPI_Sendrecv), then updates the rank's rows with
 * OpenMP tasks over tiles of B rows, then finds the step's largest change
 * over its rows in a plain loop (a CPU burst: `#pragma hcc sample(auto, ...)`
 * runs a few of its iterations in a simulation) and over all ranks
 * (MPI_Allreduce).
 *
 * On purpose, the program keeps its state in globals and a function-local
 * static, as many MPI codes do: built with `hccsim -fsimulate`, where every
 * rank is an actor of one process, the compiler gives each rank its own
 * copies (rewriter/lib/Privatize.cpp); built with mpicc, nothing changes.
 *
 *   mpirun -np P mpi-stencil [N=1024] [T=50] [B=64]
 *   hccsim-run -np P --platform cluster-64x16 ./mpi-stencil-sim [N] [T] [B]
 *
 * Prints "mpi-stencil: N=.. T=.. B=.. ranks=.." and then "checksum=<sum of
 * the plate> change=<the last step's largest change> exchanges=<halo
 * exchanges of rank 0> ok" (neither depends on the number of ranks or
 * threads: rank 0 sums every row in order, the change is a maximum),
 * after checking it against a run on rank 0 alone when N <= 1024 (or
 * EXAMPLE_CHECK=0 skips that); built with -fsimulate (__HCCSIM_SIMULATE__),
 * where the updates are simulated, not computed, "simulated" instead. With
 * EXAMPLE_TIME=1 rank 0 also prints the time of the T steps on stderr
 * (MPI_Wtime: simulated time in a simulation): "mpi-stencil: seconds=...". */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every rank writes to the one stderr, as under mpirun: shared on purpose
 * (hccsim would warn that a library's variable is shared). */
#pragma hcc keep_global(stderr)

/* The run's shape, set once in main: globals, as in the codes this mimics. */
int n, steps, tile;
int rank, nranks;
int first_row, my_rows; /* this rank's rows of the plate: [first_row, first_row + my_rows) */
static double *cur, *nxt; /* my_rows + 2 rows each: a halo row above and below */

static double conductivity(double a, double b) { return 1.0 / (1.0 + 1e-4 * (a + b) * (a + b)); }

/* One explicit step of rows [first, last) of a block whose rows have halo
 * rows above and below: the flux through each face, weighted by the
 * conductivity there. Columns 0 and n - 1 are fixed. */
static void update_tile(const double *in, double *out, int cols, int first, int last) {
  for (int i = first; i < last; ++i) {
    const double *up = in + (size_t)(i - 1) * cols, *row = in + (size_t)i * cols, *down = in + (size_t)(i + 1) * cols;
    double *o = out + (size_t)i * cols;
    o[0] = row[0];
    o[cols - 1] = row[cols - 1];
    for (int j = 1; j < cols - 1; ++j) {
      const double u = row[j];
      o[j] = u + 0.2 * (conductivity(u, up[j]) * (up[j] - u) + conductivity(u, down[j]) * (down[j] - u) +
                        conductivity(u, row[j - 1]) * (row[j - 1] - u) + conductivity(u, row[j + 1]) * (row[j + 1] - u));
    }
  }
}

/* The plate at room temperature, its top edge hot; global row g of it. */
static void initial_row(double *row, int g) {
  for (int j = 0; j < n; ++j) row[j] = g == 0 ? 100.0 : 20.0;
}

/* Swaps halo rows with the neighbour ranks; counts its calls. */
static int halo_exchange(double *block) {
  static int exchanges = 0;
  const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, down = rank < nranks - 1 ? rank + 1 : MPI_PROC_NULL;
  MPI_Sendrecv(block + (size_t)1 * n, n, MPI_DOUBLE, up, 0, block + (size_t)(my_rows + 1) * n, n, MPI_DOUBLE, down, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(block + (size_t)my_rows * n, n, MPI_DOUBLE, down, 1, block, n, MPI_DOUBLE, up, 1, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  return ++exchanges;
}

/* One step of this rank's rows: OpenMP tasks over tiles. The plate's first
 * and last rows are fixed (boundary). */
static void step(void) {
  const int lo = first_row == 0 ? 2 : 1, hi = first_row + my_rows == n ? my_rows : my_rows + 1;
#pragma omp parallel
#pragma omp single
  for (int first = lo; first < hi; first += tile) {
    const int last = first + tile < hi ? first + tile : hi;
#pragma omp task firstprivate(first, last)
#pragma hcc params(rows = last - first, cols = n)
    update_tile(cur, nxt, n, first, last);
  }
  /* Fixed rows keep their value. */
  if (first_row == 0) memcpy(nxt + (size_t)1 * n, cur + (size_t)1 * n, (size_t)n * sizeof *cur);
  if (first_row + my_rows == n) memcpy(nxt + (size_t)my_rows * n, cur + (size_t)my_rows * n, (size_t)n * sizeof *cur);
  double *t = cur;
  cur = nxt;
  nxt = t;
}

/* The largest change between the last two steps on rows [1, rows] of
 * blocks a and b (cols columns each): the control code's CPU burst. Sampled
 * per row in a simulation, where the rows hold garbage (the updates are
 * simulated, and large blocks folded): its few measured rows stand for the
 * others. */
static double largest_change(const double *a, const double *b, int rows, int cols) {
  double change = 0;
#pragma hcc sample(auto, tol = 0.02)
  for (int i = 1; i <= rows; ++i) {
    const double *x = a + (size_t)i * cols, *y = b + (size_t)i * cols;
    for (int j = 0; j < cols; ++j) {
      const double d = fabs(x[j] - y[j]);
      change = d > change ? d : change;
    }
  }
  return change;
}

/* Rank 0 sums every row of the plate in order (the others send theirs). */
static double checksum(void) {
  double *sums = malloc((size_t)my_rows * sizeof *sums);
  for (int i = 0; i < my_rows; ++i) {
    sums[i] = 0;
    for (int j = 0; j < n; ++j) sums[i] += cur[(size_t)(i + 1) * n + j];
  }
  int *counts = malloc((size_t)nranks * sizeof *counts), *offsets = malloc((size_t)nranks * sizeof *offsets);
  for (int r = 0; r < nranks; ++r) {
    counts[r] = n / nranks + (r < n % nranks);
    offsets[r] = r * (n / nranks) + (r < n % nranks ? r : n % nranks);
  }
  double *all = rank == 0 ? malloc((size_t)n * sizeof *all) : NULL;
  MPI_Gatherv(sums, my_rows, MPI_DOUBLE, all, counts, offsets, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  double total = 0;
  if (rank == 0)
    for (int i = 0; i < n; ++i) total += all[i];
  free(all);
  free(counts);
  free(offsets);
  free(sums);
  return total;
}

/* The same steps on one rank alone, the reference of the check: its
 * checksum, and the last step's largest change in *change. */
static double reference_checksum(double *change) {
  double *a = malloc((size_t)(n + 2) * n * sizeof *a), *b = malloc((size_t)(n + 2) * n * sizeof *b);
  for (int g = 0; g < n; ++g) initial_row(a + (size_t)(g + 1) * n, g);
  for (int t = 0; t < steps; ++t) {
    update_tile(a, b, n, 2, n);
    memcpy(b + (size_t)1 * n, a + (size_t)1 * n, (size_t)n * sizeof *a);
    memcpy(b + (size_t)n * n, a + (size_t)n * n, (size_t)n * sizeof *a);
    double *s = a;
    a = b;
    b = s;
  }
  *change = largest_change(a, b, n, n);
  double total = 0;
  for (int g = 0; g < n; ++g) {
    double row = 0;
    for (int j = 0; j < n; ++j) row += a[(size_t)(g + 1) * n + j];
    total += row;
  }
  free(a);
  free(b);
  return total;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  n = argc > 1 ? atoi(argv[1]) : 1024;
  steps = argc > 2 ? atoi(argv[2]) : 50;
  tile = argc > 3 ? atoi(argv[3]) : 64;
  if (n < 3 || steps < 1 || tile < 1 || n < nranks) {
    if (rank == 0) fprintf(stderr, "usage: mpi-stencil [N >= 3 and >= ranks] [T >= 1] [B >= 1]\n");
    MPI_Finalize();
    return 2;
  }
  my_rows = n / nranks + (rank < n % nranks);
  first_row = rank * (n / nranks) + (rank < n % nranks ? rank : n % nranks);
  cur = malloc((size_t)(my_rows + 2) * n * sizeof *cur);
  nxt = malloc((size_t)(my_rows + 2) * n * sizeof *nxt);
  if (!cur || !nxt) MPI_Abort(MPI_COMM_WORLD, 1);
  for (int i = 0; i < my_rows + 2; ++i) {
    initial_row(cur + (size_t)i * n, first_row + i - 1);
    initial_row(nxt + (size_t)i * n, first_row + i - 1);
  }
  if (rank == 0) printf("mpi-stencil: N=%d T=%d B=%d ranks=%d\n", n, steps, tile, nranks);

  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  int exchanges = 0;
  double change = 0;
  for (int t = 0; t < steps; ++t) {
    exchanges = halo_exchange(cur);
    step();
    change = largest_change(cur, nxt, my_rows, n);
    MPI_Allreduce(MPI_IN_PLACE, &change, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  const double seconds = MPI_Wtime() - start;
  const char *timing = getenv("EXAMPLE_TIME");
  if (rank == 0 && timing && strcmp(timing, "1") == 0) fprintf(stderr, "mpi-stencil: seconds=%.6f\n", seconds);

  const double total = checksum();
  int status = 0;
#ifdef __HCCSIM_SIMULATE__
  (void)total;
  (void)change;
  (void)exchanges;
  if (rank == 0) printf("simulated\n");
#else
  if (rank == 0) {
    const char *check = getenv("EXAMPLE_CHECK");
    const int checked = n <= 1024 && !(check && strcmp(check, "0") == 0);
    double expect_change = change;
    const double expect = checked ? reference_checksum(&expect_change) : total;
    status = expect == total && expect_change == change && exchanges == steps ? 0 : 1;
    printf("checksum=%.6f change=%.6g exchanges=%d %s\n", total, change, exchanges, status == 0 ? "ok" : "FAILED");
  }
#endif
  free(cur);
  free(nxt);
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return status;
}
