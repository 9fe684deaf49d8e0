/* A hot loop over global arrays, as written in programs whose data are
 * globals: a stencil sweep over double arrays and the bucket count of an
 * integer sort. In a simulated MPI program every use of them reaches the
 * running rank's copy (privatisation). bench/privatize_overhead.py times it
 * natively with and without privatisation, and predicts it in a simulation
 * where each step is a sampled burst.
 *
 *   hot_loop [steps] [points]   prints "hot_loop: seconds=<rank 0's time of the steps> checksum=<x>"
 *
 * points (at most N, the arrays' size): how much of each array the steps
 * sweep; 1 << 17 keeps two ranks' data in a 32 MiB last-level cache.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 20)
#define NBUCKETS 1024

double u[N], v[N], coef[N];
int keys[N];
int bucket_size[NBUCKETS];
static unsigned seed = 1;

static void step_once(int step, int n) {
  for (int i = 1; i < n - 1; ++i) v[i] = coef[i] * (u[i - 1] + u[i + 1]) + 0.5 * u[i];
  for (int i = 1; i < n - 1; ++i) u[i] = v[i] + 1e-9 * step;
  for (int b = 0; b < NBUCKETS; ++b) bucket_size[b] = 0;
  for (int i = 0; i < n; ++i) bucket_size[keys[i] >> 10]++;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const int steps = argc > 1 ? atoi(argv[1]) : 20;
  const int n = argc > 2 ? atoi(argv[2]) : N;
  if (steps < 1 || n < 2 || n > N) {
    if (rank == 0) fprintf(stderr, "usage: hot_loop [steps >= 1] [2 <= points <= %d]\n", N);
    MPI_Finalize();
    return 2;
  }
  for (int i = 0; i < N; ++i) {
    u[i] = i % 7;
    coef[i] = 0.25 + (i % 3) * 0.01;
    seed = seed * 1103515245u + 12345u;
    keys[i] = (int)((seed >> 8) % (NBUCKETS << 10));
  }
  step_once(0, n);  // untimed, as a benchmark's first iteration: every page is touched
  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  for (int step = 1; step <= steps; ++step) {
#pragma hcc sample(auto, tol = 0.02)
    step_once(step, n);
  }
  const double seconds = MPI_Wtime() - start;
  if (rank == 0) printf("hot_loop: seconds=%.6f checksum=%.6f\n", seconds, u[n / 2] + bucket_size[7]);
  MPI_Finalize();
  return 0;
}
