// Shared-memory windows: each rank reads its neighbour's segment through
// MPI_Win_shared_query (SMPI's gave every query rank 0's segment, the start
// of the whole allocation), and MPI_PROC_NULL names the lowest rank's
// segment that is not empty (rank 0 allocates none). MPI_Win_sync is a
// memory barrier (SMPI printed "Not yet implemented" at each call). The
// CHECK lines are OpenMPI 4.1's output of this program.
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 4 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s
// CHECK-NOT: Not yet implemented
// CHECK: rank 0 reads rank 1: 101 201, first segment 101 size 8 unit 4
// CHECK-NEXT: rank 1 reads rank 2: 102 202, first segment 101 size 8 unit 4
// CHECK-NEXT: rank 2 reads rank 3: 103 203, first segment 101 size 8 unit 4
// CHECK-NEXT: rank 3 reads rank 0: -1 -1, first segment 101 size 8 unit 4
// CHECK-NEXT: hccsim: mode=simulate
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int rank, size;
  MPI_Comm_rank(node, &rank);
  MPI_Comm_size(node, &size);
  int* mine;
  MPI_Win win;
  MPI_Win_allocate_shared(rank == 0 ? 0 : 2 * sizeof(int), sizeof(int), MPI_INFO_NULL, node, &mine, &win);
  MPI_Win_lock_all(0, win);
  if (rank > 0) {
    mine[0] = 100 + rank;
    mine[1] = 200 + rank;
  }
  MPI_Win_sync(win);
  MPI_Barrier(node);
  MPI_Win_sync(win);
  const int peer = (rank + 1) % size;
  MPI_Aint bytes, first_bytes;
  int unit, first_unit, *theirs, *first;
  MPI_Win_shared_query(win, peer, &bytes, &unit, &theirs);
  MPI_Win_shared_query(win, MPI_PROC_NULL, &first_bytes, &first_unit, &first);
  int seen[5] = {bytes ? theirs[0] : -1, bytes ? theirs[1] : -1, first[0], (int)first_bytes, first_unit};
  MPI_Win_unlock_all(win);
  int all[5 * 16];
  MPI_Gather(seen, 5, MPI_INT, all, 5, MPI_INT, 0, node);
  if (rank == 0)
    for (int r = 0; r < size; r++)
      printf("rank %d reads rank %d: %d %d, first segment %d size %d unit %d\n", r, (r + 1) % size, all[5 * r],
             all[5 * r + 1], all[5 * r + 2], all[5 * r + 3], all[5 * r + 4]);
  MPI_Win_free(&win);
  MPI_Comm_free(&node);
  MPI_Finalize();
  return 0;
}
