// The MPI entry points of a simulated program, in front of SMPI's (PMPI_*):
// each is an entry into the runtime, so that the program's CPU burst before
// it is charged (bursts.hpp); the generated ones (gen_mpi_entries.py) do
// nothing else. The driver links this object into MPI programs it
// simulates (-Wl,-u,hcc_sim_mpi_entries): the program's references to
// SMPI's functions are weak, and weak references pull no archive member.
//
// Threads: the workers of a rank's runtime (its OpenMP team's threads) are
// actors that share the rank's SMPI process (SMPI_thread_create, as StarPU
// does), so MPI calls made from an OpenMP region run as the rank's. Actors
// run one at a time, so calls from several threads never overlap inside
// SMPI, but two threads waiting in MPI calls at once would share the
// rank's SMPI state: hccsim provides MPI_THREAD_SERIALIZED at most.
#include <smpi/smpi.h>

#include <algorithm>
#include <map>

#include "bursts.hpp"
#include "ranks.hpp"

extern "C" {
// What the driver's -u names, so that the linker takes this object.
extern const int hcc_sim_mpi_entries = 1;
}

namespace {

std::map<const hcc::rt::Rank*, int>& thread_levels() {
  static std::map<const hcc::rt::Rank*, int> levels;
  return levels;
}

}  // namespace

extern "C" int MPI_Init_thread(int* argc, char*** argv, int required, int* provided) {
  hcc::rt::RuntimeEntry entry("MPI_Init_thread");
  int smpi = MPI_THREAD_SINGLE;
  const int rc = PMPI_Init_thread(argc, argv, required, &smpi);
  const int level = std::clamp(required, MPI_THREAD_SINGLE, MPI_THREAD_SERIALIZED);
  thread_levels()[&hcc::rt::current_rank()] = level;
  if (provided) *provided = level;
  return rc;
}

extern "C" int MPI_Query_thread(int* provided) {
  const auto& levels = thread_levels();
  const auto it = levels.find(&hcc::rt::current_rank());
  if (provided) *provided = it == levels.end() ? MPI_THREAD_SINGLE : it->second;
  return MPI_SUCCESS;
}

#include "mpi_entries.inc"
