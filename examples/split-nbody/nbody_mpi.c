/* nbody.c's time loop across MPI ranks: each rank owns a contiguous block
 * of the bodies, gathers every position at each step (MPI_Allgatherv) and
 * splits the force loop over its own bodies between its CPU cores and its
 * GPUs (each rank its own share, from its own history). The same arithmetic
 * as nbody.c in the same order: the checksum equals nbody.c's for the same
 * N and STEPS, whatever the number of ranks.
 *   nbody_mpi N STEPS */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "nbody.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const long n = argc > 1 ? atol(argv[1]) : 4096;
  const int steps = argc > 2 ? atoi(argv[2]) : 10;
  if (n < size || steps < 0) {
    if (rank == 0) fprintf(stderr, "usage: nbody_mpi N STEPS (N at least the number of ranks)\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  /* Rank r owns bodies [first[r], first[r + 1]); counts and offsets in doubles. */
  long *first = malloc((size + 1) * sizeof *first);
  int *counts = malloc(size * sizeof *counts), *offsets = malloc(size * sizeof *offsets);
  for (int r = 0; r <= size; ++r) first[r] = n * r / size;
  for (int r = 0; r < size; ++r) counts[r] = (int)(3 * (first[r + 1] - first[r])), offsets[r] = (int)(3 * first[r]);
  const long lo = first[rank], mine = first[rank + 1] - lo;
  double *pos = malloc(3 * n * sizeof *pos), *vel = malloc(3 * n * sizeof *vel);
  double *acc = malloc(3 * mine * sizeof *acc);
  if (!pos || !vel || !acc) MPI_Abort(MPI_COMM_WORLD, 1);
  nbody_start(n, pos, vel);
  for (int s = 0; s < steps; ++s) {
#pragma hcc split name("forces") impl(cuda: forces_cuda(pos, acc, lo, n)) in(pos[0:3*n]) out(acc[3*i:3])
#pragma omp parallel for schedule(static)
    for (long i = 0; i < mine; ++i) nbody_force(lo + i, pos, &acc[3 * i], n);
#pragma omp parallel for schedule(static)
    for (long i = 0; i < mine; ++i) nbody_move(&pos[3 * (lo + i)], &vel[3 * (lo + i)], &acc[3 * i]);
    MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, pos, counts, offsets, MPI_DOUBLE, MPI_COMM_WORLD);
  }
#ifdef __HCCSIM_SIMULATE__
  if (rank == 0) printf("nbody_mpi: N=%ld steps=%d ranks=%d simulated\n", n, steps, size);
#else
  if (rank == 0) printf("nbody_mpi: N=%ld steps=%d ranks=%d checksum=%.15e\n", n, steps, size, nbody_checksum(n, pos));
#endif
  free(first), free(counts), free(offsets), free(pos), free(vel), free(acc);
  MPI_Finalize();
  return 0;
}
