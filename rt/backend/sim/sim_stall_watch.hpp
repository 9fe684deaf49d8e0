// The watch for simulated threads that never give the others a turn
// (sim_stall_watch.cpp).
#pragma once

namespace hcc::rt {

// Starts the watch's thread, once per process; called when bursts are
// accounted (what it watches is their progress, bursts.hpp).
void start_stall_watch();

}  // namespace hcc::rt
