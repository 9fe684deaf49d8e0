// Reductions over an operation that is not commutative (MPI_Op_create with
// commute 0): SMPI's MPI_Scan and MPI_Exscan never applied it (each rank
// got its own value back), and its MPI_Iscan, MPI_Iexscan, MPI_Iallreduce,
// MPI_Ireduce, MPI_Ireduce_scatter(_block) applied it out of rank order
// (the ranks of one MPI_Iallreduce disagreed). The CHECK lines are OpenMPI
// 4.1's output of this program; the blocking MPI_Allreduce, MPI_Reduce and
// MPI_Reduce_scatter(_block), SMPI's, are checked beside them. An MPI_Iscan
// of 2 x 2 matrices (a derived type) is completed by MPI_Test in a loop.
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 4 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s
// RUN: %hccsim-run -np 3 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s --check-prefix=THREE
// CHECK: rank 0: scan 1 exscan 0 in-place 1 0 allreduce 1234 reduce 0 reduce_scatter 1234 1234 | iscan 1 iexscan 0 iallreduce 1234 ireduce 0 ireduce_scatter 1234 1234 | matrices 1 1 0 1, 1 1 0 1
// CHECK-NEXT: rank 1: scan 12 exscan 1 in-place 12 1 allreduce 1234 reduce 0 reduce_scatter 1234 1234 | iscan 12 iexscan 1 iallreduce 1234 ireduce 0 ireduce_scatter 1234 1234 | matrices 1 1 1 0, 1 1 1 0
// CHECK-NEXT: rank 2: scan 123 exscan 12 in-place 123 12 allreduce 1234 reduce 0 reduce_scatter 1234 1234 | iscan 123 iexscan 12 iallreduce 1234 ireduce 0 ireduce_scatter 1234 1234 | matrices 1 2 1 1, 1 2 1 1
// CHECK-NEXT: rank 3: scan 1234 exscan 123 in-place 1234 123 allreduce 1234 reduce 1234 reduce_scatter 1234 1234 | iscan 1234 iexscan 123 iallreduce 1234 ireduce 1234 ireduce_scatter 1234 1234 | matrices 2 1 1 1, 2 1 1 1
// CHECK-NEXT: hccsim: mode=simulate
// THREE: rank 0: scan 1 exscan 0 in-place 1 0 allreduce 123 reduce 0 reduce_scatter 123 123 | iscan 1 iexscan 0 iallreduce 123 ireduce 0 ireduce_scatter 123 123 | matrices 1 1 0 1, 1 1 0 1
// THREE-NEXT: rank 1: scan 12 exscan 1 in-place 12 1 allreduce 123 reduce 0 reduce_scatter 123 123 | iscan 12 iexscan 1 iallreduce 123 ireduce 0 ireduce_scatter 123 123 | matrices 1 1 1 0, 1 1 1 0
// THREE-NEXT: rank 2: scan 123 exscan 12 in-place 123 12 allreduce 123 reduce 123 reduce_scatter 123 123 | iscan 123 iexscan 12 iallreduce 123 ireduce 123 ireduce_scatter 123 123 | matrices 1 2 1 1, 1 2 1 1
#include <mpi.h>
#include <stdio.h>
#include <string.h>

// Appends in's digits before inout's: associative, not commutative
// (rank r contributes the digit r + 1): a correct reduction over ranks
// 0..k gives 12...k+1.
static void concat(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  long* a = in;
  long* b = inout;
  for (int i = 0; i < *len; i++) {
    long scale = 1;
    while (scale <= b[i]) scale *= 10;
    b[i] = a[i] * scale + b[i];
  }
}

// 2 x 2 integer matrices multiplied: a derived type of 4 ints.
static void matmul(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  int* a = in;
  int* b = inout;
  for (int i = 0; i < *len; i++, a += 4, b += 4) {
    int c[4] = {a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
                a[2] * b[1] + a[3] * b[3]};
    memcpy(b, c, sizeof c);
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Op op, mm;
  MPI_Op_create(concat, 0, &op);
  MPI_Op_create(matmul, 0, &mm);
  MPI_Datatype mat;
  MPI_Type_contiguous(4, MPI_INT, &mat);
  MPI_Type_commit(&mat);

  long x[2] = {rank + 1, rank + 1}, r[16];
  for (int i = 0; i < 16; i++) r[i] = -1;
  long blocks[16];
  for (int i = 0; i < 16; i++) blocks[i] = rank + 1;
  int counts[16];
  for (int i = 0; i < size; i++) counts[i] = 1;
  MPI_Scan(x, &r[0], 1, MPI_LONG, op, MPI_COMM_WORLD);
  MPI_Exscan(x, &r[1], 1, MPI_LONG, op, MPI_COMM_WORLD);
  r[2] = x[0];
  MPI_Scan(MPI_IN_PLACE, &r[2], 1, MPI_LONG, op, MPI_COMM_WORLD);
  r[3] = x[0];
  MPI_Exscan(MPI_IN_PLACE, &r[3], 1, MPI_LONG, op, MPI_COMM_WORLD);
  MPI_Allreduce(x, &r[4], 1, MPI_LONG, op, MPI_COMM_WORLD);
  MPI_Reduce(x, &r[5], 1, MPI_LONG, op, size - 1, MPI_COMM_WORLD);
  MPI_Reduce_scatter_block(blocks, &r[6], 1, MPI_LONG, op, MPI_COMM_WORLD);
  MPI_Reduce_scatter(blocks, &r[7], counts, MPI_LONG, op, MPI_COMM_WORLD);
  MPI_Request q[6];
  MPI_Iscan(x, &r[8], 1, MPI_LONG, op, MPI_COMM_WORLD, &q[0]);
  MPI_Iexscan(x, &r[9], 1, MPI_LONG, op, MPI_COMM_WORLD, &q[1]);
  MPI_Iallreduce(x, &r[10], 1, MPI_LONG, op, MPI_COMM_WORLD, &q[2]);
  MPI_Ireduce(x, &r[11], 1, MPI_LONG, op, size - 1, MPI_COMM_WORLD, &q[3]);
  MPI_Ireduce_scatter_block(blocks, &r[12], 1, MPI_LONG, op, MPI_COMM_WORLD, &q[4]);
  MPI_Ireduce_scatter(blocks, &r[13], counts, MPI_LONG, op, MPI_COMM_WORLD, &q[5]);
  MPI_Waitall(6, q, MPI_STATUSES_IGNORE);
  if (rank == 0) r[1] = r[3] = r[9] = 0;  // undefined on rank 0
  if (rank != size - 1) r[5] = r[11] = 0;  // the root's only

  // Matrices [[1,1],[0,1]] and [[0,1],[1,0]] in turn: a scan of products.
  int m[4] = {rank % 2 ? 0 : 1, 1, rank % 2 ? 1 : 0, rank % 2 ? 0 : 1}, s[4] = {0}, t[4] = {0};
  MPI_Scan(m, s, 1, mat, mm, MPI_COMM_WORLD);
  MPI_Request mq;
  MPI_Iscan(m, t, 1, mat, mm, MPI_COMM_WORLD, &mq);
  int done = 0;
  while (!done) MPI_Test(&mq, &done, MPI_STATUS_IGNORE);

  long all[16 * 16];
  int mats[8 * 16];
  int both[8];
  memcpy(both, s, sizeof s);
  memcpy(both + 4, t, sizeof t);
  MPI_Gather(r, 14, MPI_LONG, all, 14, MPI_LONG, 0, MPI_COMM_WORLD);
  MPI_Gather(both, 8, MPI_INT, mats, 8, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0)
    for (int i = 0; i < size; i++) {
      long* a = &all[14 * i];
      int* b = &mats[8 * i];
      printf("rank %d: scan %ld exscan %ld in-place %ld %ld allreduce %ld reduce %ld reduce_scatter %ld %ld | "
             "iscan %ld iexscan %ld iallreduce %ld ireduce %ld ireduce_scatter %ld %ld | matrices %d %d %d %d, %d %d %d %d\n",
             i, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], b[0], b[1], b[2],
             b[3], b[4], b[5], b[6], b[7]);
    }
  MPI_Op_free(&op);
  MPI_Op_free(&mm);
  MPI_Type_free(&mat);
  MPI_Finalize();
  return 0;
}
