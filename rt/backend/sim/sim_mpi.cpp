// The MPI entry points of a simulated program, in front of SMPI's (PMPI_*):
// each is an entry into the runtime, so that the program's CPU burst before
// it is charged (bursts.hpp), and checks its caller (below); the generated
// ones (gen_mpi_entries.py) do nothing else. The driver links this object into MPI programs it
// simulates (-Wl,-u,hcc_sim_mpi_entries): the program's references to
// SMPI's functions are weak, and weak references pull no archive member.
//
// Threads: MPI calls run as their rank's when the rank's main thread makes
// them (the actor that runs main and called MPI_Init). A rank's other
// threads (OpenMP team threads and task workers, actors of their own that
// SMPI knows nothing of: their MPI_COMM_WORLD is not the rank's) get a clear
// error instead of SMPI's crash, so hccsim provides MPI_THREAD_FUNNELED,
// with one restriction: OpenMP's master thread of a region is a worker, not
// the main thread, so MPI calls go outside parallel regions (docs/mpi.md).
#include <smpi/smpi.h>

#include <algorithm>
#include <map>
#include <string>

#include "bursts.hpp"
#include "fatal.hpp"
#include "ranks.hpp"
#include "sim_bursts.hpp"
#include "sim_ranks.hpp"

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

namespace hcc::rt {

// Before an MPI call: the caller must be its rank's main thread.
void check_mpi_caller(const char* function) {
  if (in_rank_main()) return;
  fatal(std::string(function) +
        " called by an OpenMP thread or a task of a simulated MPI rank: hccsim runs MPI calls made by the rank's "
        "main thread only (MPI_THREAD_FUNNELED, outside parallel regions; docs/mpi.md)");
}

}  // namespace hcc::rt

extern "C" int MPI_Init_thread(int* argc, char*** argv, int required, int* provided) {
  hcc::rt::SimcallEntry entry("MPI_Init_thread", hcc::rt::g_mpi_cpu_threshold);
  int smpi = MPI_THREAD_SINGLE;
  const int rc = PMPI_Init_thread(argc, argv, required, &smpi);
  hcc::rt::check_mpi_caller("MPI_Init_thread");
  const int level = std::clamp(required, MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED);
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
