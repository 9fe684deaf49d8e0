// What made each derived datatype of a simulated program, for
// MPI_Type_get_envelope and MPI_Type_get_contents. hccsim makes SMPI's
// types itself (sim_mpi_types.cpp: resized to step by their extents,
// subarrays from hindexed types), so SMPI answered with the type it was
// given: every vector, indexed, struct or subarray type said it was an
// MPI_COMBINER_INDEXED of 4 integers and 3 addresses. Each constructor
// records its combiner and arguments here (record_envelope), as MPI
// defines them; a type none recorded (predefined, Fortran) is SMPI's to
// answer.
#include <smpi/smpi.h>

#include <algorithm>
#include <map>

#include "sim_mpi.hpp"
#include "sim_mpi_types.hpp"

namespace {

std::map<MPI_Datatype, hcc::rt::Envelope>& envelopes() {
  static std::map<MPI_Datatype, hcc::rt::Envelope> recorded;
  return recorded;
}

const hcc::rt::Envelope* envelope_of(MPI_Datatype type) {
  const auto it = envelopes().find(type);
  return it == envelopes().end() ? nullptr : &it->second;
}

}  // namespace

namespace hcc::rt {

int record_envelope(int rc, const MPI_Datatype* type, Envelope envelope) {
  if (rc == MPI_SUCCESS) envelopes()[*type] = std::move(envelope);
  return rc;
}

void forget_envelope(MPI_Datatype type) { envelopes().erase(type); }

}  // namespace hcc::rt

extern "C" {

int MPI_Type_get_envelope(MPI_Datatype type, int* integers, int* addresses, int* datatypes, int* combiner) {
  return hcc::rt::raised("MPI_Type_get_envelope", MPI_COMM_WORLD, [&]() -> int {
    const hcc::rt::Envelope* e = envelope_of(type);
    if (!e) return PMPI_Type_get_envelope(type, integers, addresses, datatypes, combiner);
    *integers = static_cast<int>(e->integers.size());
    *addresses = static_cast<int>(e->addresses.size());
    *datatypes = static_cast<int>(e->types.size());
    *combiner = e->combiner;
    return MPI_SUCCESS;
  }());
}

// The types are the constructor's: a derived one as a new type (MPI's
// rule: the program frees it) made as it was, a predefined one as itself.
int MPI_Type_get_contents(MPI_Datatype type, int max_integers, int max_addresses, int max_datatypes, int* integers,
                          MPI_Aint* addresses, MPI_Datatype* datatypes) {
  return hcc::rt::raised("MPI_Type_get_contents", MPI_COMM_WORLD, [&]() -> int {
    const hcc::rt::Envelope* e = envelope_of(type);
    if (!e)
      return PMPI_Type_get_contents(type, max_integers, max_addresses, max_datatypes, integers, addresses,
                                    datatypes);
    if (max_integers < static_cast<int>(e->integers.size()) || max_addresses < static_cast<int>(e->addresses.size()) ||
        max_datatypes < static_cast<int>(e->types.size()))
      return MPI_ERR_ARG;
    std::copy(e->integers.begin(), e->integers.end(), integers);
    std::copy(e->addresses.begin(), e->addresses.end(), addresses);
    for (size_t i = 0; i < e->types.size(); ++i) {
      const MPI_Datatype made_of = e->types[i];
      datatypes[i] = made_of;
      if (hcc::rt::predefined(made_of)) continue;
      if (const int rc = hcc::rt::duplicate_type(made_of, &datatypes[i]); rc != MPI_SUCCESS) return rc;
      // The copy says what made the type it copies, as that type would (a
      // copy's envelope said MPI_COMBINER_DUP: a program that walks a
      // type's contents never ended).
      if (const hcc::rt::Envelope* inner = envelope_of(made_of)) envelopes()[datatypes[i]] = *inner;
    }
    return MPI_SUCCESS;
  }());
}

}  // extern "C"
