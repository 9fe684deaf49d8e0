// CPU bursts in a simulation (rt/program/bursts.hpp): each actor's clock, and
// the charge on its host, scaled by the host's hcc.speed_factor and by its
// core's hcc.core_speed_factors.
#pragma once

#include "config.hpp"

namespace hcc::rt {

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

}  // namespace hcc::rt
