/* A result that depends on every element of large arrays: each rank
 * allocates three arrays of 4 MiB, fills them, combines them element by
 * element and hashes the result; the hashes are reduced. Folding any of
 * them (their contents not kept) changes the result. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 20)

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  uint32_t *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), *c = malloc(N * sizeof *c);
  uint32_t s = 2166136261u ^ (uint32_t)rank;
  for (int i = 0; i < N; ++i) {
    s = s * 1664525u + 1013904223u;
    a[i] = s;
    b[i] = s >> 7 ^ (uint32_t)i;
  }
  for (int i = 0; i < N; ++i) c[i] = a[i] * 3u + b[N - 1 - i];
  uint64_t hash = 1469598103934665603ull;
  for (int i = 0; i < N; ++i) hash = (hash ^ c[i]) * 1099511628211ull;
  unsigned long long mine = hash, all = 0;
  MPI_Reduce(&mine, &all, 1, MPI_UNSIGNED_LONG_LONG, MPI_BXOR, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("all_elements: ranks=%d hash=%016llx\n", size, all);
  free(a);
  free(b);
  free(c);
  MPI_Finalize();
  return 0;
}
