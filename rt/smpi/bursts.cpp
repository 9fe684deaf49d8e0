#include "bursts.hpp"

#include "cpu_clock.hpp"
#include "folded_memory.hpp"
#include "ranks.hpp"

namespace hcc::rt {

const BurstAccounting* g_burst_accounting = nullptr;

void install_burst_accounting(const BurstAccounting* accounting) { g_burst_accounting = accounting; }

namespace {

void mark(BurstClock& c) {
  clock_overhead(Clock::ThreadCpu);  // measured once, before the first burst
  c.faults = fold_fault_seconds();
  c.mark = clock_seconds(Clock::ThreadCpu);
}

// Charges the burst since the mark, and counts it for the caller's rank.
void close_burst(BurstClock& c) {
  if (c.mark < 0) return;
  const double now = clock_seconds(Clock::ThreadCpu);
  const double faults = fold_fault_seconds() - c.faults;
  const double seconds = now - c.mark - clock_overhead(Clock::ThreadCpu) - faults;
  c.mark = -1;
  if (seconds <= 0) return;
  current_rank().burst_seconds += seconds;
  g_burst_accounting->charge(seconds);
}

}  // namespace

void burst_runtime_entered() {
  BurstClock& c = *g_burst_accounting->clock_of_caller();
  if (c.depth++ == 0) close_burst(c);
}

void burst_runtime_left() {
  BurstClock& c = *g_burst_accounting->clock_of_caller();
  if (--c.depth > 0) return;
  c.depth = 0;
  if (c.held) {
    c.held = false;
    c.mark = -1;
  } else {
    mark(c);
  }
}

int burst_program_begins() {
  BurstClock& c = *g_burst_accounting->clock_of_caller();
  const int saved = c.depth;
  c.depth = 0;
  c.held = false;
  mark(c);
  return saved;
}

void burst_program_ends(int saved_depth) {
  BurstClock& c = *g_burst_accounting->clock_of_caller();
  close_burst(c);
  c.depth = saved_depth;
  if (saved_depth == 0) mark(c);  // called from the program's code, which resumes
}

void burst_hold() {
  if (g_burst_accounting) g_burst_accounting->clock_of_caller()->held = true;
}

}  // namespace hcc::rt
