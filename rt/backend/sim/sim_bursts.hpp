// CPU bursts in a simulation (rt/program/bursts.hpp): each actor's clock, and
// the charge on its host, scaled by the host's hcc.speed_factor and by its
// core's hcc.core_speed_factors.
#pragma once

#include "bursts.hpp"
#include "config.hpp"

namespace simgrid::s4u {
class Host;
}

namespace hcc::rt {

// What a cache line's move from one of host's cores to another costs
// (hcc.line_transfer, docs/platforms.md; 0 without it). Throws
// std::runtime_error for a value that is not seconds, 0 or more.
double line_transfer(const simgrid::s4u::Host* host);

// Starts accounting bursts unless the configuration turns it off
// (HCC_SIM_BURSTS=off). Throws std::runtime_error for a platform host whose
// hcc.speed_factor or hcc.core_speed_factors is malformed. A platform
// measured on a machine whose CPUs run at different speeds names the CPU
// its factors are relative to (hcc.simulate_on_cpu): the simulation then
// runs there.
void start_burst_accounting(const Config& config);

// The actor (pid) runs on core `core` of its host (a worker's: its index
// among its host's CPU workers); actors not said run on core 0.
void set_actor_core(long pid, int core);

// The program's code takes the lock that the C library keeps with one of
// its random generators' state at `state` (rand(), sim_rank_random.cpp):
// natively two threads drawing take the lock's line and the state's from
// each other. A simulation runs one actor at a time: it charges the moves
// (hcc.line_transfer) of the other cores' takes that the caller waited for
// (LineHistory::take). Nothing without burst accounting.
void library_lock_taken(const void* state);

// Short bursts are owed rather than simulated at once (sim_bursts.cpp says
// why). take_owed_flops returns what the calling actor owes and clears it,
// for a computation to simulate with its own; pay_owed_cpu simulates it;
// owed_seconds is how far the actor's own time runs ahead of the
// simulated clock.
double take_owed_flops();
void pay_owed_cpu();
double owed_seconds();

// The shortest burst before an MPI call that is charged: SMPI's
// smpi/cpu-threshold (1 us unless --cfg sets it; -1: none is), as SMPI
// discards the shorter computations between MPI calls (but from one
// MPI_Wtime to the next, bursts.hpp). What such a burst
// measures is mostly the simulator's own return from the previous call:
// 50-150 ns after a blocking call (its context switches leave the return
// path cold) for a ping-pong loop's few native nanoseconds, 10-15 % of a
// small message's latency. Set when the ranks start.
extern double g_mpi_cpu_threshold;

// One poll of a spinning thread (Backend::yield; a flag's read without
// bursts, g_poll_without_bursts): the other actors run, and the time of a
// flag's read and a pause, natively, passes.
void simulated_poll();

// Around a call into the simulation that makes a simcall (blocks,
// communicates, sleeps, reads the simulated clock): an entry into the
// runtime whose caller's owed CPU time is simulated first, so that the
// simcall happens at the caller's own time. Always inlined, as
// RuntimeEntry must be.
class SimcallEntry {
 public:
  __attribute__((always_inline)) explicit SimcallEntry(const char* where = nullptr, double discard_below = 0)
      : entry_(where, false, discard_below) {
    pay_owed_cpu();
  }

 private:
  RuntimeEntry entry_;
};

}  // namespace hcc::rt
