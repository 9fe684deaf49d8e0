/* Sampling and folding across the ranks of a simulated MPI program
 * (test/e2e/mpi_sampling.sh): how many runs of each sampled burst really
 * ran, summed over the ranks; whether the ranks' folded arrays are one range
 * (shared(all)) or one each (shared); what each rank's array holds after it
 * wrote all of it. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../sampling/spin.h"

/* Privatised: each rank counts its own runs. */
static long local_runs, global_runs;

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

#pragma hcc sample(local, 5)
  for (int i = 0; i < 50; ++i) {
    ++local_runs;
    spin(2e-4);
  }
#pragma hcc sample(global, 6)
  for (int i = 0; i < 50; ++i) {
    ++global_runs;
    spin(2e-4);
  }

  const size_t bytes = (size_t)64 << 20;
#pragma hcc shared(all)
  double *all = malloc(bytes);
#pragma hcc shared
  double *own = malloc(bytes);
  /* Written and read whole without a fault; the contents are garbage. */
  double sum = 0;
  for (size_t i = 0; i < bytes / sizeof(double); i += 512) {
    all[i] = own[i] = (double)i;
    sum += all[i] + own[i];
  }

  long runs[2] = {local_runs, global_runs}, total[2];
  MPI_Reduce(runs, total, 2, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  uintptr_t mine[2] = {(uintptr_t)all, (uintptr_t)own};
  uintptr_t *every = rank == 0 ? malloc(2 * sizeof(uintptr_t) * (size_t)size) : NULL;
  MPI_Gather(mine, 2, MPI_UNSIGNED_LONG, every, 2, MPI_UNSIGNED_LONG, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    int all_ranges = 1, own_ranges = 1;
    for (int r = 1; r < size; ++r) {
      all_ranges += every[2 * r] != every[0];
      int seen = 0;
      for (int q = 0; q < r; ++q) seen |= every[2 * r + 1] == every[2 * q + 1];
      own_ranges += !seen;
    }
    printf("local runs=%ld global runs=%ld all_ranges=%d own_ranges=%d sum_finite=%d\n", total[0], total[1],
           all_ranges, own_ranges, sum == sum);
  }
  /* No rank frees its arrays (whose range another may then get) before
   * every rank has its own. */
  MPI_Barrier(MPI_COMM_WORLD);
  free(every);
  free(all);
  free(own);
  MPI_Finalize();
  return 0;
}
