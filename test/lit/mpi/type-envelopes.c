// MPI_Type_get_envelope and MPI_Type_get_contents say what made each
// derived type, and get_contents's derived types say what made them in
// turn. hccsim makes SMPI's types itself (resized to step by their
// extents, subarrays from hindexed types), and SMPI answered with those:
// every type was an MPI_COMBINER_INDEXED of 4 integers and 3 addresses.
// The CHECK lines are OpenMPI 4.1's output of this program (orders,
// distributions and default arguments named: the headers' constants
// differ).
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 1 %t.sim 2>&1 | FileCheck %s
// CHECK: MPI_INT: NAMED ints -
// CHECK-NEXT: contiguous: CONTIGUOUS ints 4 addresses types 1
// CHECK-NEXT:   of: NAMED ints -
// CHECK-NEXT: vector: VECTOR ints 3 2 5 addresses types 1
// CHECK-NEXT:   of: NAMED ints -
// CHECK-NEXT: hvector: HVECTOR ints 2 1 addresses 24 types 1
// CHECK-NEXT:   of: CONTIGUOUS ints 4 addresses types 1
// CHECK-NEXT:     of: NAMED ints -
// CHECK-NEXT: indexed: INDEXED ints 3 1 2 3 0 4 9 addresses types 1
// CHECK-NEXT:   of: NAMED ints -
// CHECK-NEXT: hindexed: HINDEXED ints 3 1 2 3 addresses 0 16 40 types 1
// CHECK-NEXT:   of: NAMED ints -
// CHECK-NEXT: indexed_block: INDEXED_BLOCK ints 3 2 0 4 9 addresses types 1
// CHECK-NEXT:   of: NAMED ints -
// CHECK-NEXT: hindexed_block: HINDEXED_BLOCK ints 3 2 addresses 0 16 40 types 1
// CHECK-NEXT:   of: NAMED ints -
// CHECK-NEXT: struct: STRUCT ints 3 1 2 3 addresses 0 16 40 types 3
// CHECK-NEXT:   of: NAMED ints -
// CHECK-NEXT:   of: VECTOR ints 3 2 5 addresses types 1
// CHECK-NEXT:     of: NAMED ints -
// CHECK-NEXT:   of: NAMED ints -
// CHECK-NEXT: subarray: SUBARRAY ints 2 4 5 2 3 1 1 C addresses types 1
// CHECK-NEXT:   of: NAMED ints -
// CHECK-NEXT: darray: DARRAY ints 2 1 2 8 6 BLOCK NONE DFLT DFLT 2 1 FORTRAN addresses types 1
// CHECK-NEXT:   of: NAMED ints -
// CHECK-NEXT: resized: RESIZED ints addresses -8 96 types 1
// CHECK-NEXT:   of: STRUCT ints 3 1 2 3 addresses 0 16 40 types 3
// CHECK-NEXT:     of: NAMED ints -
// CHECK-NEXT:     of: VECTOR ints 3 2 5 addresses types 1
// CHECK-NEXT:       of: NAMED ints -
// CHECK-NEXT:     of: NAMED ints -
// CHECK-NEXT: dup: DUP ints addresses types 1
// CHECK-NEXT:   of: INDEXED ints 3 1 2 3 0 4 9 addresses types 1
// CHECK-NEXT:     of: NAMED ints -
// CHECK-NEXT: hccsim: mode=simulate
#include <mpi.h>
#include <stdio.h>

static const char* name(int c) {
  switch (c) {
    case MPI_COMBINER_NAMED: return "NAMED";
    case MPI_COMBINER_DUP: return "DUP";
    case MPI_COMBINER_CONTIGUOUS: return "CONTIGUOUS";
    case MPI_COMBINER_VECTOR: return "VECTOR";
    case MPI_COMBINER_HVECTOR: return "HVECTOR";
    case MPI_COMBINER_INDEXED: return "INDEXED";
    case MPI_COMBINER_HINDEXED: return "HINDEXED";
    case MPI_COMBINER_INDEXED_BLOCK: return "INDEXED_BLOCK";
    case MPI_COMBINER_HINDEXED_BLOCK: return "HINDEXED_BLOCK";
    case MPI_COMBINER_STRUCT: return "STRUCT";
    case MPI_COMBINER_SUBARRAY: return "SUBARRAY";
    case MPI_COMBINER_DARRAY: return "DARRAY";
    case MPI_COMBINER_RESIZED: return "RESIZED";
    default: return "other";
  }
}

// Prints what made t, then what made each derived type it was made of
// (the copies get_contents returns, freed after).
static void show(const char* what, MPI_Datatype t, int depth) {
  int ni, na, nd, combiner;
  MPI_Type_get_envelope(t, &ni, &na, &nd, &combiner);
  printf("%*s%s: %s ints", 2 * depth, "", what, name(combiner));
  if (combiner == MPI_COMBINER_NAMED) {
    printf(" -\n");
    return;
  }
  int ints[64];
  MPI_Aint addresses[64];
  MPI_Datatype types[64];
  MPI_Type_get_contents(t, ni, na, nd, ints, addresses, types);
  for (int i = 0; i < ni; i++) {
    // Orders, distributions and default arguments are constants of the
    // library's header: named.
    const int last = i == ni - 1 && (combiner == MPI_COMBINER_SUBARRAY || combiner == MPI_COMBINER_DARRAY);
    const int nd_ = combiner == MPI_COMBINER_DARRAY ? ints[2] : 0;
    const int distrib = nd_ && i >= 3 + nd_ && i < 3 + 3 * nd_;
    if (last) printf(" %s", ints[i] == MPI_ORDER_C ? "C" : "FORTRAN");
    else if (distrib && i < 3 + 2 * nd_)
      printf(" %s", ints[i] == MPI_DISTRIBUTE_BLOCK ? "BLOCK" : ints[i] == MPI_DISTRIBUTE_NONE ? "NONE" : "CYCLIC");
    else if (distrib) printf(" %s", ints[i] == MPI_DISTRIBUTE_DFLT_DARG ? "DFLT" : "?");
    else printf(" %d", ints[i]);
  }
  printf(" addresses");
  for (int i = 0; i < na; i++) printf(" %ld", (long)addresses[i]);
  printf(" types %d\n", nd);
  for (int i = 0; i < nd; i++) {
    int ci, ca, cd, inner;
    MPI_Type_get_envelope(types[i], &ci, &ca, &cd, &inner);
    show("of", types[i], depth + 1);
    if (inner != MPI_COMBINER_NAMED) MPI_Type_free(&types[i]);
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Datatype c, v, hv, ix, hix, ib, hib, st, sa, da, rs, dp;
  MPI_Type_contiguous(4, MPI_INT, &c);
  MPI_Type_vector(3, 2, 5, MPI_DOUBLE, &v);
  MPI_Type_create_hvector(2, 1, 24, c, &hv);
  int lengths[3] = {1, 2, 3}, places[3] = {0, 4, 9};
  MPI_Aint offsets[3] = {0, 16, 40};
  MPI_Type_indexed(3, lengths, places, MPI_INT, &ix);
  MPI_Type_create_hindexed(3, lengths, offsets, MPI_FLOAT, &hix);
  MPI_Type_create_indexed_block(3, 2, places, MPI_DOUBLE, &ib);
  MPI_Type_create_hindexed_block(3, 2, offsets, MPI_SHORT, &hib);
  MPI_Datatype parts[3] = {MPI_INT, v, MPI_CHAR};
  MPI_Type_create_struct(3, lengths, offsets, parts, &st);
  int sizes[2] = {4, 5}, sub[2] = {2, 3}, starts[2] = {1, 1};
  MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_C, MPI_FLOAT, &sa);
  int gsizes[2] = {8, 6}, distribs[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_NONE}, dargs[2] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG}, psizes[2] = {2, 1};
  MPI_Type_create_darray(2, 1, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_FORTRAN, MPI_DOUBLE, &da);
  MPI_Type_create_resized(st, -8, 96, &rs);
  MPI_Type_dup(ix, &dp);
  show("MPI_INT", MPI_INT, 0);
  show("contiguous", c, 0);
  show("vector", v, 0);
  show("hvector", hv, 0);
  show("indexed", ix, 0);
  show("hindexed", hix, 0);
  show("indexed_block", ib, 0);
  show("hindexed_block", hib, 0);
  show("struct", st, 0);
  show("subarray", sa, 0);
  show("darray", da, 0);
  show("resized", rs, 0);
  show("dup", dp, 0);
  MPI_Datatype all[12] = {c, v, hv, ix, hix, ib, hib, st, sa, da, rs, dp};
  for (int i = 0; i < 12; i++) MPI_Type_free(&all[i]);
  MPI_Finalize();
  return 0;
}
