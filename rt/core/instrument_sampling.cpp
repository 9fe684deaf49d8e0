#include "instrument_sampling.hpp"

namespace hcc::rt {

namespace {

size_t slot_of(const void* p, size_t slots) {
  return static_cast<size_t>((reinterpret_cast<uintptr_t>(p) >> 4) * 0x9E3779B97F4A7C15ull >> 40) % slots;
}

}  // namespace

constinit thread_local uint32_t t_unsampled_events = 0;

// The events a thread leaves untimed before its next timed one: uniform in
// 0 .. 2 (kSamplePeriod - 1), kSamplePeriod - 1 on average. A thread's first
// call draws its first distance and samples nothing, so that no thread
// times its first event (a cold one) always.
bool next_sample_gap() {
  // xorshift64, one state per thread, seeded by its address (any non-zero).
  thread_local uint64_t state = 0;
  const bool first = state == 0;
  if (first) state = reinterpret_cast<uintptr_t>(&state) | 1;
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  t_unsampled_events = static_cast<uint32_t>((state >> 32) % (2 * kSamplePeriod - 1));
  return !first;
}

bool FineKernels::contains(const void* kernel) const {
  if (!kernel) return false;  // an unknown kernel (a loop without a source location) is timed
  for (size_t i = slot_of(kernel, kSlots), n = 0; n < kSlots; i = (i + 1) % kSlots, ++n) {
    const void* in = slots_[i].load(std::memory_order_relaxed);
    if (in == kernel) return true;
    if (!in) return false;
  }
  return false;
}

void FineKernels::add(const void* kernel) {
  if (!kernel) return;
  for (size_t i = slot_of(kernel, kSlots), n = 0; n < kSlots; i = (i + 1) % kSlots, ++n) {
    const void* in = nullptr;
    if (slots_[i].compare_exchange_strong(in, kernel, std::memory_order_relaxed) || in == kernel) return;
  }
}

bool KernelTally::add(const void* kernel, double seconds) {
  Entry* e = nullptr;
  for (Entry& in : entries_) {  // filled in order and never emptied
    if (in.kernel == kernel || !in.kernel) {
      e = &in;
      break;
    }
  }
  if (!e) e = &entries_[next_evicted_++ % entries_.size()];
  if (e->kernel != kernel) *e = Entry{kernel, 0, 0};
  if (e->runs >= kFullyTimedRuns) return false;  // decided already
  if (seconds < kFineKernel) ++e->short_runs;
  return ++e->runs == kFullyTimedRuns && 2 * e->short_runs >= kFullyTimedRuns;
}

}  // namespace hcc::rt
