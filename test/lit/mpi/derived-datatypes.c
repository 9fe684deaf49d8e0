// Derived datatypes in a simulation have MPI's bounds, as OpenMPI reports
// them (the CHECK lines are OpenMPI 4.1's output of this program): SMPI's
// subarray had one element's extent, its struct lacked the padding to its
// alignment, a vector of negative stride had a negative extent and a
// resized type's true extent was its extent. An array of structs sent with
// an unresized struct type arrived scrambled from its second element on,
// and two subarrays in one message overlapped. Distributed arrays
// (MPI_Type_create_darray) are rank 5's of a 2 x 3 grid over a 10 x 12
// array of ints, packed from a[i] = i: the indices it holds, in order.
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 2 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s
// CHECK: subarray size=240 lb=0 extent=3840 true_lb=1008 true_extent=816
// CHECK: struct size=32 lb=0 extent=40 true_lb=0 true_extent=36
// CHECK: negative vector size=12 lb=-16 extent=20 true_lb=-16 true_extent=20
// CHECK: resized vector size=24 lb=0 extent=100 true_lb=0 true_extent=48
// CHECK: structs: (0 0 0) (1 1.5 1) (2 3 2) (3 4.5 3)
// CHECK: subarrays: 12 13 14 22 23 24 52 53 54 62 63 64, untouched 36
// CHECK: darray block C: extent 480 true 272 208: 68 69 70 71 80 81 82 83 92 93 94 95 104 105 106 107 116 117 118 119
// CHECK: darray cyclic C: extent 480 true 104 280: 26 29 32 35 38 41 44 47 74 77 80 83 86 89 92 95
// CHECK: darray mixed Fortran: extent 480 true 100 380: 25 26 27 28 29 55 56 57 58 59 85 86 87 88 89 115 116 117 118 119
// CHECK: hccsim: mode=simulate
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
  int id;
  double x[3];
  float charge;
} Particle;

static void show_darray(const char *name, int *distribs, int *dargs, int order) {
  int gsizes[2] = {10, 12}, psizes[2] = {2, 3};
  MPI_Datatype t;
  MPI_Type_create_darray(6, 5, 2, gsizes, distribs, dargs, psizes, order, MPI_INT, &t);
  MPI_Type_commit(&t);
  MPI_Aint lb, extent, true_lb, true_extent;
  MPI_Type_get_extent(t, &lb, &extent);
  MPI_Type_get_true_extent(t, &true_lb, &true_extent);
  static int a[120], packed[120];
  for (int i = 0; i < 120; ++i) a[i] = i;
  int position = 0;
  MPI_Pack(a, 1, t, packed, sizeof packed, &position, MPI_COMM_SELF);
  printf("darray %s: extent %ld true %ld %ld:", name, (long)extent, (long)true_lb, (long)true_extent);
  for (int i = 0; i < position / (int)sizeof(int); ++i) printf(" %d", packed[i]);
  printf("\n");
  MPI_Type_free(&t);
}

static void show(const char *name, MPI_Datatype t) {
  int size;
  MPI_Aint lb, extent, true_lb, true_extent;
  MPI_Type_size(t, &size);
  MPI_Type_get_extent(t, &lb, &extent);
  MPI_Type_get_true_extent(t, &true_lb, &true_extent);
  printf("%s size=%d lb=%ld extent=%ld true_lb=%ld true_extent=%ld\n", name, size, (long)lb, (long)extent,
         (long)true_lb, (long)true_extent);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);

  int sizes[2] = {20, 24}, subsizes[2] = {5, 6}, starts[2] = {5, 6};
  MPI_Datatype subarray, particle, negative, vector, resized;
  MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_DOUBLE, &subarray);
  int blocks[3] = {1, 3, 1};
  MPI_Aint displacements[3] = {offsetof(Particle, id), offsetof(Particle, x), offsetof(Particle, charge)};
  MPI_Datatype types[3] = {MPI_INT, MPI_DOUBLE, MPI_FLOAT};
  MPI_Type_create_struct(3, blocks, displacements, types, &particle);
  MPI_Type_commit(&particle);
  MPI_Type_vector(3, 1, -2, MPI_INT, &negative);
  MPI_Type_vector(3, 2, 5, MPI_INT, &vector);
  MPI_Type_create_resized(vector, 0, 100, &resized);
  if (rank == 0) {
    show("subarray", subarray);
    show("struct", particle);
    show("negative vector", negative);
    show("resized vector", resized);
  }

  Particle p[4];
  for (int i = 0; i < 4; ++i) {
    p[i].id = rank ? -1 : i;
    p[i].x[0] = p[i].x[1] = p[i].x[2] = rank ? -1 : i * 1.5;
    p[i].charge = rank ? -1 : i;
  }
  if (rank == 0) {
    MPI_Send(p, 4, particle, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Recv(p, 4, particle, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("structs:");
    for (int i = 0; i < 4; ++i) printf(" (%d %g %g)", p[i].id, p[i].x[2], p[i].charge);
    printf("\n");
  }

  // Two 2 x 3 blocks of 4 x 6 arrays in one message: the second one array on.
  int small_sizes[2] = {4, 6}, small_subsizes[2] = {2, 3}, small_starts[2] = {1, 2};
  MPI_Datatype block;
  MPI_Type_create_subarray(2, small_sizes, small_subsizes, small_starts, MPI_ORDER_C, MPI_DOUBLE, &block);
  MPI_Type_commit(&block);
  double a[8][6];
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 6; ++j) a[i][j] = rank ? -1 : i * 10 + j;
  if (rank == 0) {
    MPI_Send(a, 2, block, 1, 1, MPI_COMM_WORLD);
  } else {
    MPI_Recv(a, 2, block, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("subarrays:");
    int untouched = 0;
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 6; ++j) {
        if (a[i][j] >= 0) printf(" %g", a[i][j]);
        else ++untouched;
      }
    printf(", untouched %d\n", untouched);
    int block[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_BLOCK};
    int cyclic[2] = {MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_CYCLIC};
    int mixed[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC};
    int dflt[2] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG}, two_one[2] = {2, 1};
    show_darray("block C", block, dflt, MPI_ORDER_C);
    show_darray("cyclic C", cyclic, two_one, MPI_ORDER_C);
    show_darray("mixed Fortran", mixed, dflt, MPI_ORDER_FORTRAN);
  }
  MPI_Finalize();
  return 0;
}
