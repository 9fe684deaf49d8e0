// CPU bursts in a simulation (rt/program/bursts.hpp): each actor's clock, and
// the charge on its host, scaled by the host's hcc.speed_factor.
#pragma once

#include "config.hpp"

namespace hcc::rt {

// Starts accounting bursts unless the configuration turns it off
// (HCC_SIM_BURSTS=off). Throws std::runtime_error for a platform host whose
// hcc.speed_factor is not a number above 0.
void start_burst_accounting(const Config& config);

}  // namespace hcc::rt
