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

size_t ShortTasks::find(const void* kind, bool insert) const {
  if (!kind) return kSlots;
  const size_t start = static_cast<size_t>((reinterpret_cast<uintptr_t>(kind) >> 4) * 0x9E3779B97F4A7C15ull >> 48);
  for (size_t n = 0; n < kSlots; ++n) {
    const size_t i = (start + n) % kSlots;
    Slot& s = slots_[i];
    const void* in = s.kind.load(std::memory_order_acquire);
    if (in == kind) return i;
    if (in) continue;
    if (!insert) return kSlots;
    if (s.kind.compare_exchange_strong(in, kind, std::memory_order_acq_rel) || in == kind) return i;
  }
  return kSlots;
}

void ShortTasks::update_verdict(size_t i) {
  const Stats& s = stats_[i];
  Verdict v = Verdict::kDefer;
  if (s.timed.load(std::memory_order_relaxed) >= kMinTimed && most(s.short_share)) {
    const bool tiny = most(s.tiny_share) && s.mean_ns.load(std::memory_order_relaxed) < kShortTask * 1e9 &&
                      !slots_[i].creates.load(std::memory_order_relaxed);
    v = tiny ? Verdict::kTiny : Verdict::kShort;
  }
  if (slots_[i].verdict.load(std::memory_order_relaxed) != v) slots_[i].verdict.store(v, std::memory_order_relaxed);
}

bool ShortTasks::observe(const void* kind, double seconds) {
  const size_t i = find(kind, true);
  if (i == kSlots) return false;
  Stats& s = stats_[i];
  const Verdict before = slots_[i].verdict.load(std::memory_order_relaxed);
  const bool known = s.timed.load(std::memory_order_relaxed) >= kMinTimed;
  add_run(s.short_share, seconds < kShortTask);
  add_run(s.tiny_share, seconds < kTinyTask);
  const int64_t mean = s.mean_ns.load(std::memory_order_relaxed);
  const int64_t ns = static_cast<int64_t>(std::min(seconds, 1.0) * 1e9);
  s.mean_ns.store(static_cast<uint32_t>(mean + (ns - mean) / 8), std::memory_order_relaxed);
  const uint32_t timed = s.timed.load(std::memory_order_relaxed);
  if (timed < kMinTimed) s.timed.store(timed + 1, std::memory_order_relaxed);
  update_verdict(i);
  if (!known) return false;
  switch (before) {
    case Verdict::kTiny: return seconds < kTinyTask;
    case Verdict::kShort: return seconds < kShortTask;
    case Verdict::kDefer: return seconds >= kShortTask;
  }
  return false;
}

void ShortTasks::creates_tasks(const void* kind) {
  const size_t i = find(kind, true);
  // Read first: a kind's line is read at every creation of its tasks.
  if (i == kSlots || slots_[i].creates.load(std::memory_order_relaxed)) return;
  slots_[i].creates.store(true, std::memory_order_relaxed);
  update_verdict(i);
}

ShortTasks::Verdict ShortTasks::verdict(const void* kind) const {
  const size_t i = find(kind, false);
  return i == kSlots ? Verdict::kDefer : slots_[i].verdict.load(std::memory_order_relaxed);
}

}  // namespace hcc::rt
