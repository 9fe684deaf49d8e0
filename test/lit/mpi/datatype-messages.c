// Derived datatypes in messages, nested and sent several at a time: what
// arrives is what OpenMPI 4.1 delivers (the CHECK lines are its output of
// this program: counts, elements, the doubles changed, a hash of the
// receive buffer). SMPI placed the copies of a type after the first where
// its last block ends (an indexed type whose blocks are not in increasing
// order, a lower bound that is not 0), stepped a vector of a derived type
// by the type's size, and left a struct's padding out of its extent; it
// stops at MPI_Get_elements ("Not yet implemented").
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 2 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s
// CHECK: vector                 count 3 got 3 elements 24 changed 24 extent 184 lb 0 hash e7c373d16f2778bc
// CHECK-NEXT: vector of vector       count 2 got 2 elements 48 changed 48 extent 920 lb 0 hash 9404bf3701885227
// CHECK-NEXT: negative vector        count 1 got 1 elements 5 changed 1 extent 104 lb -96 hash 13e818fd2bb861e3
// CHECK-NEXT: indexed                count 3 got 3 elements 18 changed 18 extent 184 lb 0 hash 19d60294e7573b5b
// CHECK-NEXT: indexed of contiguous  count 2 got 2 elements 36 changed 36 extent 552 lb 0 hash 8bacc0eeaa8ec14c
// CHECK-NEXT: subarray 3d            count 2 got 2 elements 48 changed 48 extent 1920 lb 0 hash e7d265fe6516ca63
// CHECK-NEXT: subarray 3d fortran    count 2 got 2 elements 48 changed 48 extent 1920 lb 0 hash 47f47cccf1227b36
// CHECK-NEXT: contiguous of subarray count 1 got 1 elements 48 changed 48 extent 3840 lb 0 hash e7d265fe6516ca63
// CHECK-NEXT: struct                 count 50 got 50 elements 200 changed 100 extent 32 lb 0 hash cc07cae67394876c
// CHECK-NEXT: vector of struct       count 2 got 2 elements 160 changed 80 extent 928 lb 0 hash 61fab9a227f2f1a8
// CHECK-NEXT: resized column         count 4 got 4 elements 12 changed 12 extent 8 lb 0 hash 6d5350fcc7d5a9a7
// CHECK-NEXT: hindexed               count 3 got 3 elements 15 changed 15 extent 208 lb 16 hash 6d1866f0530cf2f9
// CHECK-NEXT: hvector                count 2 got 2 elements 12 changed 12 extent 96 lb 0 hash 1813b1ce9d5ee37d
// CHECK-NEXT: indexed block          count 2 got 2 elements 12 changed 12 extent 88 lb 0 hash 116be2e982414a83
// CHECK-NEXT: vector of dup          count 3 got 3 elements 6 changed 6 extent 32 lb 0 hash c0a399db3bdc697a
// CHECK-NEXT: hccsim: mode=simulate
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
typedef struct { char tag; double v[2]; short s; } S;
#define N 4096
static unsigned long sum(const unsigned char *b, size_t n) { unsigned long h = 1469598103934665603UL; for (size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 1099511628211UL; return h; }
static double src[N], dst[N];
static void test(const char *name, MPI_Datatype t, int count, int rank) {
  MPI_Type_commit(&t);
  for (int i = 0; i < N; ++i) { src[i] = i + 0.25; dst[i] = -1; }
  if (rank == 0) MPI_Send(src, count, t, 1, 0, MPI_COMM_WORLD);
  else { MPI_Status st; MPI_Recv(dst, count, t, 0, 0, MPI_COMM_WORLD, &st); int c; MPI_Get_count(&st, t, &c); int e; MPI_Get_elements(&st, t, &e);
    int changed = 0; for (int i = 0; i < N; ++i) changed += dst[i] != -1;
    MPI_Aint lb, ext; MPI_Type_get_extent(t, &lb, &ext);
    printf("%-22s count %d got %d elements %d changed %d extent %ld lb %ld hash %lx\n", name, count, c, e, changed, (long)ext, (long)lb, sum((unsigned char*)dst, sizeof dst)); }
  MPI_Type_free(&t);
}
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank; MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Datatype a, b, c;
  MPI_Type_vector(4, 2, 7, MPI_DOUBLE, &a); test("vector", a, 3, rank);
  MPI_Type_vector(4, 2, 7, MPI_DOUBLE, &a); MPI_Type_vector(3, 1, 2, a, &b); MPI_Type_free(&a); test("vector of vector", b, 2, rank);
  MPI_Type_vector(5, 1, -3, MPI_DOUBLE, &a); test("negative vector", a, 1, rank);
  int bl[3] = {1, 2, 3}, dp[3] = {10, 0, 20};
  MPI_Type_indexed(3, bl, dp, MPI_DOUBLE, &a); test("indexed", a, 3, rank);
  MPI_Type_contiguous(3, MPI_DOUBLE, &a); MPI_Type_indexed(3, bl, dp, a, &b); MPI_Type_free(&a); test("indexed of contiguous", b, 2, rank);
  int sizes[3] = {8, 6, 5}, sub[3] = {3, 2, 4}, st[3] = {2, 1, 1};
  MPI_Type_create_subarray(3, sizes, sub, st, MPI_ORDER_C, MPI_DOUBLE, &a); test("subarray 3d", a, 2, rank);
  MPI_Type_create_subarray(3, sizes, sub, st, MPI_ORDER_FORTRAN, MPI_DOUBLE, &a); test("subarray 3d fortran", a, 2, rank);
  MPI_Type_create_subarray(3, sizes, sub, st, MPI_ORDER_C, MPI_DOUBLE, &a); MPI_Type_contiguous(2, a, &b); MPI_Type_free(&a); test("contiguous of subarray", b, 1, rank);
  int sb[3] = {1, 2, 1}; MPI_Aint sd[3] = {offsetof(S, tag), offsetof(S, v), offsetof(S, s)}; MPI_Datatype stt[3] = {MPI_CHAR, MPI_DOUBLE, MPI_SHORT};
  MPI_Type_create_struct(3, sb, sd, stt, &a); test("struct", a, 50, rank);
  MPI_Type_create_struct(3, sb, sd, stt, &a); MPI_Type_vector(10, 2, 3, a, &b); MPI_Type_free(&a); test("vector of struct", b, 2, rank);
  MPI_Type_vector(3, 1, 4, MPI_DOUBLE, &a); MPI_Type_create_resized(a, 0, sizeof(double), &b); MPI_Type_free(&a); test("resized column", b, 4, rank);
  MPI_Aint hd[2] = {16, 200}; int hb[2] = {2, 3};
  MPI_Type_create_hindexed(2, hb, hd, MPI_DOUBLE, &a); test("hindexed", a, 3, rank);
  MPI_Type_create_hvector(3, 2, 40, MPI_DOUBLE, &a); test("hvector", a, 2, rank);
  int ib[3] = {0, 5, 9}; MPI_Type_create_indexed_block(3, 2, ib, MPI_DOUBLE, &a); test("indexed block", a, 2, rank);
  MPI_Type_dup(MPI_DOUBLE, &a); MPI_Type_vector(2, 1, 3, a, &b); MPI_Type_free(&a); test("vector of dup", b, 3, rank);
  MPI_Finalize();
}
