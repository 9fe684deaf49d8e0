#include "short_tasks.hpp"

#include <algorithm>

namespace hcc::rt {
namespace {

constexpr uint32_t kAll = 1 << 16;

// One run more in a share kept as a moving average.
void add_run(std::atomic<uint32_t>& share, bool counted) {
  const int64_t now = share.load(std::memory_order_relaxed);
  const int64_t sample = counted ? kAll : 0;
  share.store(static_cast<uint32_t>(now + (sample - now) / 8), std::memory_order_relaxed);
}

bool most(const std::atomic<uint32_t>& share) { return share.load(std::memory_order_relaxed) > kAll / 2; }

}  // namespace

ShortTasks::Slot* ShortTasks::find(const void* kind, bool insert) {
  if (!kind) return nullptr;
  const size_t start = static_cast<size_t>((reinterpret_cast<uintptr_t>(kind) >> 4) * 0x9E3779B97F4A7C15ull >> 48);
  for (size_t n = 0; n < kSlots; ++n) {
    Slot& s = slots_[(start + n) % kSlots];
    const void* in = s.kind.load(std::memory_order_acquire);
    if (in == kind) return &s;
    if (in) continue;
    if (!insert) return nullptr;
    if (s.kind.compare_exchange_strong(in, kind, std::memory_order_acq_rel) || in == kind) return &s;
  }
  return nullptr;
}

void ShortTasks::observe(const void* kind, double seconds) {
  Slot* s = find(kind, true);
  if (!s) return;
  add_run(s->short_share, seconds < kShortTask);
  add_run(s->tiny_share, seconds < kTinyTask);
  const int64_t mean = s->mean_ns.load(std::memory_order_relaxed);
  const int64_t ns = static_cast<int64_t>(std::min(seconds, 1.0) * 1e9);
  s->mean_ns.store(static_cast<uint32_t>(mean + (ns - mean) / 8), std::memory_order_relaxed);
  const uint32_t timed = s->timed.load(std::memory_order_relaxed);
  if (timed < kMinTimed) s->timed.store(timed + 1, std::memory_order_relaxed);
}

void ShortTasks::creates_tasks(const void* kind) {
  Slot* s = find(kind, true);
  // Read first: a kind's line is read at every creation of its tasks.
  if (s && !s->creates.load(std::memory_order_relaxed)) s->creates.store(true, std::memory_order_relaxed);
}

ShortTasks::Verdict ShortTasks::verdict(const void* kind) const {
  const Slot* s = find(kind);
  if (!s || s->timed.load(std::memory_order_relaxed) < kMinTimed || !most(s->short_share)) return Verdict::kDefer;
  const bool tiny = most(s->tiny_share) && s->mean_ns.load(std::memory_order_relaxed) < kShortTask * 1e9 &&
                    !s->creates.load(std::memory_order_relaxed);
  return tiny ? Verdict::kTiny : Verdict::kShort;
}

}  // namespace hcc::rt
