#include "bursts.hpp"

#include "cpu_clock.hpp"
#include "folded_memory.hpp"
#include "ranks.hpp"

namespace hcc::rt {

const BurstAccounting* g_burst_accounting = nullptr;

void install_burst_accounting(const BurstAccounting* accounting) { g_burst_accounting = accounting; }

namespace {

// Reading the thread's CPU clock is a system call: 1.2 to 1.5 us on this
// virtual machine, and with page-table isolation it flushes the TLB, so
// that the program's code after it runs slower than natively. Bursts of a
// fine-grained task program (a Fibonacci with a task per call: seven
// bursts per task) were measured 0.4 us too long each that way, more than
// the code they timed. The monotonic clock is read without a system call
// (20 ns), but counts the time the simulation's process is preempted. So a
// thread whose last burst was short times the next on the monotonic clock
// alone (a preemption makes a burst long, and the next is timed on both),
// and one whose last burst was long on its CPU clock too.
constexpr double kCpuClockFrom = 20e-6;

void mark(BurstClock& c) {
  clock_overhead(Clock::Monotonic);  // measured once, before the first burst
  clock_overhead(Clock::ThreadCpu);
  c.faults = fold_fault_seconds();
  c.mark_cpu = c.long_bursts ? clock_seconds(Clock::ThreadCpu) : -1;
  c.mark = clock_seconds(Clock::Monotonic);
}

// Charges the burst since the mark, and counts it for the caller's rank.
void close_burst(BurstClock& c) {
  if (c.mark < 0) return;
  const double wall = clock_seconds(Clock::Monotonic) - c.mark - clock_overhead(Clock::Monotonic);
  const double faults = fold_fault_seconds() - c.faults;
  double seconds = wall;
  if (c.mark_cpu >= 0) seconds = clock_seconds(Clock::ThreadCpu) - c.mark_cpu - clock_overhead(Clock::ThreadCpu);
  seconds -= faults;
  c.long_bursts = wall - faults >= kCpuClockFrom;
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
