// The program's clocks and sleeps on simulated time (sim_clocks.cpp).
#pragma once

namespace hcc::rt {

// Takes the real clocks' readings the simulated ones start from; called
// before the simulation starts (and links sim_clocks.cpp into every
// simulated program).
void start_program_clocks();

}  // namespace hcc::rt
