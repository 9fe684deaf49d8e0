/* A hybrid stencil written the way many are: one parallel region for the
 * whole run; in each step the master thread exchanges the halo rows with
 * the neighbouring ranks (MPI_THREAD_FUNNELED) while the other threads
 * update the interior rows, then every thread updates the rows next to the
 * halo, and whichever thread runs the `single` sums the change over the
 * ranks (MPI_THREAD_SERIALIZED). */
#include <math.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define COLS 256
#define ROWS 64 /* per rank */
#define STEPS 40

static double grid[2][ROWS + 2][COLS];

static double update(int from, int cur, int r) {
  double change = 0;
  for (int c = 1; c < COLS - 1; ++c) {
    const double v = 0.25 * (grid[cur][r - 1][c] + grid[cur][r + 1][c] + grid[cur][r][c - 1] + grid[cur][r][c + 1]);
    change += fabs(v - grid[cur][r][c]);
    grid[from][r][c] = v;
  }
  return change;
}

int main(int argc, char **argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED) {
    fprintf(stderr, "master_halo: MPI_THREAD_SERIALIZED is needed\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  for (int r = 0; r < ROWS + 2; ++r)
    for (int c = 0; c < COLS; ++c) grid[0][r][c] = grid[1][r][c] = (c == 0 || (rank == 0 && r == 0)) ? 1.0 : 0.0;

  double total = 0, local = 0;
  int cur = 0, main_threads = 0;
#pragma omp parallel
  {
    int is_main;
    MPI_Is_thread_main(&is_main);
#pragma omp atomic
    main_threads += is_main;
    for (int step = 0; step < STEPS; ++step) {
      const int next = 1 - cur;
#pragma omp master
      {
        MPI_Request req[4];
        MPI_Irecv(grid[cur][0], COLS, MPI_DOUBLE, up, 0, MPI_COMM_WORLD, &req[0]);
        MPI_Irecv(grid[cur][ROWS + 1], COLS, MPI_DOUBLE, down, 1, MPI_COMM_WORLD, &req[1]);
        MPI_Isend(grid[cur][1], COLS, MPI_DOUBLE, up, 1, MPI_COMM_WORLD, &req[2]);
        MPI_Isend(grid[cur][ROWS], COLS, MPI_DOUBLE, down, 0, MPI_COMM_WORLD, &req[3]);
        MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
      }
      double change = 0;
#pragma omp for schedule(dynamic, 4) nowait
      for (int r = 2; r < ROWS; ++r) change += update(next, cur, r);
#pragma omp barrier
#pragma omp sections
      {
#pragma omp section
        change += update(next, cur, 1);
#pragma omp section
        change += update(next, cur, ROWS);
      }
#pragma omp atomic
      local += change;
#pragma omp barrier
#pragma omp single
      {
        double step_total;
        MPI_Allreduce(&local, &step_total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        total = step_total;
        local = 0;
        cur = next;
      }
    }
  }
  double sum = 0;
  for (int r = 1; r <= ROWS; ++r)
    for (int c = 0; c < COLS; ++c) sum += grid[cur][r][c];
  double all = 0;
  MPI_Reduce(&sum, &all, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("master_halo: ranks=%d main_threads_per_rank=1:%s last_change=%.6e sum=%.6e\n", size,
                        main_threads == 1 ? "yes" : "no", total, all);
  MPI_Finalize();
  return 0;
}
