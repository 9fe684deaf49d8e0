// The layouts of a simulated program's datatypes (sim_mpi_types.cpp).
#pragma once

#include <smpi/smpi.h>

#include <vector>

#include "type_layout.hpp"

namespace hcc::rt {

// Where type's bytes lie: a predefined type's, or what its constructors
// recorded; null for a type no constructor here recorded
// (the Fortran types).
LayoutPtr layout_of(MPI_Datatype type);
// Whether type is one of MPI's predefined types (MPI_DOUBLE, ...).
bool predefined(MPI_Datatype type);
// What made a derived type, as MPI_Type_get_envelope and
// MPI_Type_get_contents say it (sim_mpi_type_envelopes.cpp).
struct Envelope {
  int combiner = MPI_COMBINER_NAMED;
  std::vector<int> integers;
  std::vector<MPI_Aint> addresses;
  std::vector<MPI_Datatype> types;
};
// Records what made *type when rc says it was made; returns rc.
int record_envelope(int rc, const MPI_Datatype* type, Envelope envelope);
void forget_envelope(MPI_Datatype type);
// PMPI_Type_dup and PMPI_Type_free, keeping the layouts and envelopes in
// step.
int duplicate_type(MPI_Datatype type, MPI_Datatype* copy);
int free_type(MPI_Datatype* type);
// The type to give SMPI's accumulate functions for count elements of type:
// a derived type as it was made, before it was resized to step by its
// extent (SMPI applied their operation to the resized type's bound
// markers), where its copies lie at the same places; else type.
MPI_Datatype accumulated_type(MPI_Datatype type, int count);

}  // namespace hcc::rt
