// hcc_shared_line: instrumented and simulated builds call it before each
// `#pragma omp atomic` (rewriter/lib/SharedAtomics.cpp). Natively a line
// that two cores update in turn moves between their caches at every
// update; a simulation runs one actor at a time, so the atomic it measures
// always hits its own cache. The simulation charges the move instead
// (sim_bursts.cpp, hcc.line_transfer in docs/platforms.md), and leaves its
// own bookkeeping out of the burst around it. An instrumented run finds
// which of its sampled bursts moved a line, which are modelled apart
// (burst_models.hpp, kLineMovedKey).
#include <array>
#include <atomic>
#include <cstdint>

#include "bursts.hpp"
#include "cpu_clock.hpp"
#include "hcc/hcc.h"

namespace hcc::rt {
namespace {

// Which thread updated a line last, by line: a slot holds a hash of the
// line and the thread. A slot per cache line of its own, so that updates of
// two lines do not move each other's slots; two lines that share a slot
// take each other for a move now and then.
struct alignas(64) LineOwner {
  std::atomic<uint64_t> line_and_thread{0};
};
constexpr size_t kOwnerSlots = 1024;
std::array<LineOwner, kOwnerSlots> g_owners;

}  // namespace

void (*g_poll_without_bursts)() = nullptr;

// The slot moves with the line when another thread updated it: finding out
// costs a sampled burst a second move, which it leaves out (finding_moves).
void note_native_line_update(const void* address, bool update) {
  if (!update || !g_sampling_bursts.load(std::memory_order_relaxed)) return;  // no more samples: as natively
  BurstClock& c = t_sampled_clock;
  const bool sampled = c.depth == 0 && c.mark >= 0;
  const double start = sampled ? clock_seconds(Clock::Monotonic) : 0;
  const uint64_t line = reinterpret_cast<uintptr_t>(address) / 64;
  const uint64_t mine = (line ^ (reinterpret_cast<uintptr_t>(&c) * 0x9e3779b97f4a7c15ULL)) | 1;
  std::atomic<uint64_t>& slot = g_owners[line % kOwnerSlots].line_and_thread;
  const uint64_t last = slot.load(std::memory_order_relaxed);
  if (last != mine) {
    slot.store(mine, std::memory_order_relaxed);
    if (sampled && last != 0) c.line_moved = true;  // 0: the line's first update, from memory
  }
  // One read's worth of the two falls in the burst (as SimulatorWork's).
  if (sampled) c.finding_moves += clock_seconds(Clock::Monotonic) - start + clock_overhead(Clock::Monotonic);
}

}  // namespace hcc::rt

namespace {

void shared_line(const volatile void* address, bool update) {
  const hcc::rt::BurstAccounting* accounting = hcc::rt::g_burst_accounting;
  if (accounting && accounting->shared_line) accounting->shared_line(const_cast<const void*>(address), update);
}

// The line's move belongs to the burst the entry ends. Inlined into the
// entry points: the entry keeps where the program called them. A poll then
// waits for a value written ahead of it (BurstAccounting::line_polled).
__attribute__((always_inline)) inline void shared_line_entry(const volatile void* address, bool update,
                                                             const char* where, bool poll = false) {
  shared_line(address, update);
  if (hcc::rt::g_poll_without_bursts) return hcc::rt::g_poll_without_bursts();
  hcc::rt::RuntimeEntry entry(where);
  const hcc::rt::BurstAccounting* accounting = hcc::rt::g_burst_accounting;
  if (poll && accounting && accounting->line_polled) accounting->line_polled(const_cast<const void*>(address));
}

}  // namespace

extern "C" void hcc_shared_line(const volatile void* address) { shared_line(address, true); }
extern "C" void hcc_shared_line_read(const volatile void* address, const char* where) {
  shared_line_entry(address, true, where);
}
extern "C" void hcc_shared_line_load(const volatile void* address, const char* where) {
  shared_line_entry(address, false, where);
}
extern "C" void hcc_shared_line_poll(const volatile void* address, const char* where) {
  shared_line_entry(address, false, where, true);
}
