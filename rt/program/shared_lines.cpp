// hcc_shared_line: a simulated build calls it before each `#pragma omp
// atomic` (rewriter/lib/SharedAtomics.cpp). Natively a line that two cores
// update in turn moves between their caches at every update; a simulation
// runs one actor at a time, so the atomic it measures always hits its own
// cache. The simulation charges the move instead (sim_bursts.cpp,
// hcc.line_transfer in docs/platforms.md), and leaves its own bookkeeping
// out of the burst around it.
#include "bursts.hpp"
#include "hcc/hcc.h"

extern "C" void hcc_shared_line(const volatile void* address) {
  const hcc::rt::BurstAccounting* accounting = hcc::rt::g_burst_accounting;
  if (!accounting || !accounting->shared_line) return;
  accounting->shared_line(const_cast<const void*>(address));
}
