// The ranks of an MPI program. Natively a process is one rank (OpenMPI's
// mpirun starts one process per rank). In a simulation every rank is a set
// of actors of one process: the rank's main actor, running the program's
// main, and its runtime's workers. What the runtime and the program keep
// once per process natively is therefore kept once per rank here: the rank's
// runtime and its copies of the program's privatised variables
// (private_vars.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <string>
#include <vector>

struct hcc_private_var;  // hcc/hcc.h

namespace hcc::rt {

class Runtime;
class ProgramMemorySink;

// What a rank's runtime reports when it stops, for the run's one summary.
struct RankSummary {
  uint64_t tasks = 0;
  int workers = 0;
  uint64_t peak_mem = 0;
};

struct Rank {
  int index = 0;                 // MPI rank
  int count = 1;                 // ranks of the run
  // Natively, this process's place among the ranks on its node (OpenMPI's
  // local rank and size): a node's CPUs are shared among them.
  int local_index = 0, local_count = 1;
  bool mpi = false;              // an MPI program (the summary says ranks=<count>)
  bool simulated_ranks = false;  // one of several ranks of one simulation: the run prints one summary for all
  // The process outside the actors of a simulation (start-up, exit): it is
  // no rank, and reaches the privatised variables' originals.
  bool outside_ranks = false;
  std::optional<int> cpu_workers;  // CPU workers the placement gives the rank (simulation), unless HCC_WORKERS
  std::unique_ptr<Runtime> runtime;
  // The rank's copies of the privatised variables (private_vars.cpp): an
  // image of the writable data of each module that has them (the
  // executable, shared libraries), each copy private_shift bytes from its
  // original (modulo 2^64: the images may lie below); the destructions
  // of those constructed, to run at the end, the last constructed first
  // (file-scope copies at the rank's start, function-local statics' when
  // their declaration is first reached: hcc_private_local_constructed).
  std::vector<std::pair<char*, size_t>> private_images;  // address, bytes
  uintptr_t private_shift = 0;
  std::vector<std::pair<void (*)(void*), void*>> private_destructions;  // destroy, copy
  uint64_t program_bytes = 0;    // the rank's heap in use (program_memory.cpp)
  double burst_seconds = 0;      // CPU bursts of its program's code charged in simulation (bursts.hpp)
  ProgramMemorySink* memory_sink = nullptr;  // its runtime, from start to shutdown
  std::optional<RankSummary> summary;  // set by the runtime's shutdown when simulated_ranks
  Rank();
  ~Rank();
};

// Whether the program was linked as an MPI program (hccsim defines
// hcc_mpi_build in its link object).
bool mpi_build();

// The running rank: natively the process's (its index and count from
// OpenMPI's environment); in a simulation, the rank of the running actor as
// the resolver says (every actor of a simulation belongs to a rank: without
// MPI, one), else the process outside them.
Rank& current_rank();
// A simulation with ranks installs how to find the running actor's rank
// (nullptr when the running code belongs to none: the process's rank).
void set_rank_resolver(Rank* (*resolver)());

// Output paths of a run with several ranks name the rank: "records.csv"
// becomes "records.3.csv" for rank 3 (unchanged with one rank).
std::string path_for_rank(const std::string& path, const Rank& rank);

}  // namespace hcc::rt
