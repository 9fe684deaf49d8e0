/* Jacobi relaxation of -Laplace(u) = f on an N x N grid distributed by
 * blocks of rows over the MPI ranks, written as plain MPI codes are: each
 * step exchanges one halo row with each neighbour rank (MPI_Isend/MPI_Irecv,
 * MPI_Waitall), sweeps the rank's rows in ordinary loops, and reduces the
 * step's largest change over all ranks (MPI_Allreduce). Nothing in it is
 * written for hccsim: a simulation (`hccsim -fsimulate`, run with
 * `hccsim-run`) charges each rank's own CPU time between its MPI calls as
 * simulated time.
 *
 *   mpirun -np P mpi-halo [N=1024] [T=600]
 *   hccsim-run -np P --platform local-2node ./mpi-halo-sim [N] [T]
 *
 * Prints (rank 0) "mpi-halo: N=.. T=.. change=<last step's largest change>
 * checksum=<sum of the grid> ok" after checking both against the same
 * steps run by rank 0 alone when N <= 2048 (EXAMPLE_CHECK=0 leaves that
 * out): every point's update is one expression, the change a maximum and
 * the checksum a sum of row sums in row order, so the line does not depend
 * on the number of ranks. Then "time=<seconds>": the T steps on MPI_Wtime
 * (simulated time in a simulation). */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The source term at global interior point (i, j), 1 <= i, j <= n. */
static double source(int n, int i, int j) {
  const double h = 1.0 / (n + 1), x = i * h, y = j * h;
  return 8.0 * sin(3.0 * x) * cos(2.0 * y);
}

/* Rows [1, rows] of a block of rows + 2 rows of n + 2 columns, whose first
 * row is global row first: the source term, and the boundary (global row 0
 * is 1, row n + 1 and the side columns 0). */
static void init_block(double *u, double *f, int n, int first, int rows) {
  const int w = n + 2;
  memset(u, 0, (size_t)(rows + 2) * w * sizeof *u);
  for (int i = 0; i < rows + 2; ++i) {
    const int g = first + i - 1;
    for (int j = 0; j < w; ++j) {
      f[(size_t)i * w + j] = g >= 1 && g <= n && j >= 1 && j <= n ? source(n, g, j) : 0.0;
      if (g == 0) u[(size_t)i * w + j] = 1.0;
    }
  }
}

/* One sweep of rows [1, rows] from cur into nxt; returns the largest change. */
static double sweep(const double *cur, double *nxt, const double *f, int n, int rows) {
  const int w = n + 2;
  const double h2 = 1.0 / ((double)(n + 1) * (n + 1));
  double change = 0;
  for (int i = 1; i <= rows; ++i) {
    const double *up = cur + (size_t)(i - 1) * w, *row = cur + (size_t)i * w, *down = cur + (size_t)(i + 1) * w;
    const double *fr = f + (size_t)i * w;
    double *out = nxt + (size_t)i * w;
    for (int j = 1; j <= n; ++j) {
      out[j] = 0.25 * (up[j] + down[j] + row[j - 1] + row[j + 1] + h2 * fr[j]);
      const double d = fabs(out[j] - row[j]);
      change = d > change ? d : change;
    }
  }
  return change;
}

/* The sums of rows [1, rows], each in column order. */
static void row_sums(const double *u, int n, int rows, double *sums) {
  for (int i = 1; i <= rows; ++i) {
    double s = 0;
    for (int j = 0; j < n + 2; ++j) s += u[(size_t)i * (n + 2) + j];
    sums[i - 1] = s;
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, nranks;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  const int n = argc > 1 ? atoi(argv[1]) : 1024;
  const int steps = argc > 2 ? atoi(argv[2]) : 600;
  if (n < nranks || steps < 1) {
    if (rank == 0) printf("usage: mpi-halo [N >= ranks] [T >= 1]\n");
    MPI_Finalize();
    return 2;
  }
  const int rows = n / nranks + (rank < n % nranks);
  const int first = rank * (n / nranks) + (rank < n % nranks ? rank : n % nranks) + 1; /* global row of row 1 */
  const int w = n + 2;
  const size_t size = (size_t)(rows + 2) * w;
  double *u = malloc(size * sizeof *u), *v = malloc(size * sizeof *v), *f = malloc(size * sizeof *f);
  if (!u || !v || !f) MPI_Abort(MPI_COMM_WORLD, 1);
  init_block(u, f, n, first, rows);
  init_block(v, f, n, first, rows);
  const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, down = rank < nranks - 1 ? rank + 1 : MPI_PROC_NULL;

  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  double change = 0;
  for (int t = 0; t < steps; ++t) {
    MPI_Request req[4];
    MPI_Irecv(u, w, MPI_DOUBLE, up, 0, MPI_COMM_WORLD, &req[0]);
    MPI_Irecv(u + (size_t)(rows + 1) * w, w, MPI_DOUBLE, down, 1, MPI_COMM_WORLD, &req[1]);
    MPI_Isend(u + (size_t)1 * w, w, MPI_DOUBLE, up, 1, MPI_COMM_WORLD, &req[2]);
    MPI_Isend(u + (size_t)rows * w, w, MPI_DOUBLE, down, 0, MPI_COMM_WORLD, &req[3]);
    MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
    const double local = sweep(u, v, f, n, rows);
    MPI_Allreduce(&local, &change, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    double *s = u;
    u = v;
    v = s;
  }
  MPI_Barrier(MPI_COMM_WORLD);
  const double seconds = MPI_Wtime() - start;

  /* Rank 0 sums the row sums in row order. */
  double *sums = malloc((size_t)rows * sizeof *sums);
  row_sums(u, n, rows, sums);
  int *counts = malloc((size_t)nranks * sizeof *counts), *offsets = malloc((size_t)nranks * sizeof *offsets);
  for (int r = 0; r < nranks; ++r) {
    counts[r] = n / nranks + (r < n % nranks);
    offsets[r] = r * (n / nranks) + (r < n % nranks ? r : n % nranks);
  }
  double *all = rank == 0 ? malloc((size_t)n * sizeof *all) : NULL;
  MPI_Gatherv(sums, rows, MPI_DOUBLE, all, counts, offsets, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  int status = 0;
  if (rank == 0) {
    double checksum = 0;
    for (int i = 0; i < n; ++i) checksum += all[i];
    const char *check = getenv("EXAMPLE_CHECK");
    if (n <= 2048 && !(check && strcmp(check, "0") == 0)) {
      /* The same steps on the whole grid, here alone. */
      const size_t whole = (size_t)(n + 2) * w;
      double *a = malloc(whole * sizeof *a), *b = malloc(whole * sizeof *b), *g = malloc(whole * sizeof *g);
      double *ref = malloc((size_t)n * sizeof *ref);
      if (!a || !b || !g || !ref) MPI_Abort(MPI_COMM_WORLD, 1);
      init_block(a, g, n, 1, n);
      init_block(b, g, n, 1, n);
      double ref_change = 0;
      for (int t = 0; t < steps; ++t) {
        ref_change = sweep(a, b, g, n, n);
        double *s = a;
        a = b;
        b = s;
      }
      row_sums(a, n, n, ref);
      double ref_checksum = 0;
      for (int i = 0; i < n; ++i) ref_checksum += ref[i];
      status = ref_change == change && ref_checksum == checksum ? 0 : 1;
      free(a);
      free(b);
      free(g);
      free(ref);
    }
    printf("mpi-halo: N=%d T=%d change=%.6e checksum=%.9f %s\n", n, steps, change, checksum,
           status == 0 ? "ok" : "FAILED");
    printf("time=%.6f\n", seconds);
  }
  free(all);
  free(counts);
  free(offsets);
  free(sums);
  free(u);
  free(v);
  free(f);
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return status;
}
