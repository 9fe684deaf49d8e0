// A simulated thread that waits for another by spinning on a flag (a loop
// on an atomic or volatile variable, with no call into the runtime) waits
// forever: SimGrid runs one actor at a time and switches only inside the
// runtime, so the thread that would set the flag never runs. Natively the
// loop ends; simulated, the program hung without a word. A thread of the
// simulator's own watches how often the actors enter the runtime and says,
// once, when one has run the program's code for kStallSeconds without
// entering it (a long sequential phase reads the same, hence the "if").
// Loops that call sched_yield, read a clock, sleep or flush
// (`#pragma omp flush`) give the other threads their turn.
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <string>
#include <thread>

#include "burst_models.hpp"
#include "bursts.hpp"
#include "sim_stall_watch.hpp"

namespace hcc::rt {
namespace {

constexpr int kStallSeconds = 10;

// Sleeps on the real clock: the program's sleeps, which this executable
// defines, pass simulated time (sim_clocks.cpp).
void sleep_one_second() {
  timespec ts{1, 0};
  syscall(SYS_nanosleep, &ts, nullptr);
}

// " since its call into the runtime at file:line" (or " since its call of
// <name>") for the entry the thread resumed after, where it is known.
std::string since(const char* after) {
  if (!after || after == kProgramCall || after == kProgramReturn || !*after) return "";
  const std::string site = openmp_site(after);
  if (!site.empty()) return " since its call into the runtime at " + site;
  if (*after == ';') return "";
  return std::string(" since its call of ") + after;
}

void watch() {
  uint64_t turns = g_burst_progress.turns.load(std::memory_order_relaxed);
  int still = 0;
  for (;;) {
    sleep_one_second();
    const uint64_t now = g_burst_progress.turns.load(std::memory_order_relaxed);
    const char* after = g_burst_progress.resumed_after.load(std::memory_order_relaxed);
    if (now != turns || !after) {
      turns = now;
      still = 0;
      continue;
    }
    if (++still < kStallSeconds) continue;
    std::fprintf(stderr,
                 "hccsim: warning: a simulated thread has run the program's code for %d s%s without entering the "
                 "runtime; if it waits for a value another simulated thread sets (a loop on an atomic or volatile "
                 "flag), it waits forever: simulated threads take turns only in the runtime (OpenMP and MPI calls, "
                 "#pragma omp flush, sched_yield, the clocks)\n",
                 kStallSeconds, since(after).c_str());
    return;
  }
}

}  // namespace

void start_stall_watch() {
  static std::atomic<bool> started{false};
  if (!started.exchange(true)) std::thread(watch).detach();
}

}  // namespace hcc::rt
