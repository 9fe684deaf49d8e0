// MPI programs in simulation: every rank is an SMPI actor of this process,
// placed on a host of a cluster platform, with its own runtime whose
// workers are actors on the same host (ARCHITECTURE.md, "MPI and ranks").
#pragma once

#include <simgrid/s4u.hpp>

#include "config.hpp"
#include "sim_platform.hpp"

namespace hcc::rt {

// Starts the ranks hccsim-run asked for (HCC_RANKS, HCC_HOSTFILE,
// HCC_OVERSUBSCRIBE; platform from HCC_PLATFORM), runs the simulation and
// prints one summary for all ranks. Returns the exit status.
int run_ranks(simgrid::s4u::Engine& engine, int (*main_fn)(int, char**), int argc, char** argv);
// Declares SMPI's options (collective algorithms: smpi/coll-selector,
// smpi/allreduce, ...) before the command line's --cfg are read, as
// smpirun does: SMPI declares them only when it starts.
void declare_mpi_options();

// The machine the running rank's runtime drives: its host's cores (shared
// with the other ranks placed there), or the whole platform without ranks.
SimPlatform describe_running_node(const Config& config);

// Whether the running actor runs a rank's main (not one of its workers).
bool in_rank_main();

// A worker actor of the running rank's runtime belongs to that rank.
void join_running_rank(const simgrid::s4u::ActorPtr& actor);

}  // namespace hcc::rt
