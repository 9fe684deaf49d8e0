#include "instrument_sampling.hpp"

namespace hcc::rt {

namespace {

size_t slot_of(const void* p, size_t slots) {
  return static_cast<size_t>((reinterpret_cast<uintptr_t>(p) >> 4) * 0x9E3779B97F4A7C15ull >> 40) % slots;
}

}  // namespace

bool sample_this_event() {
  // xorshift64, one state per thread, seeded by its address (any non-zero).
  thread_local uint64_t state = 0;
  if (state == 0) state = reinterpret_cast<uintptr_t>(&state) | 1;
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return (state >> 32) % kSamplePeriod == 0;
}

bool FineKernels::contains(const hcc_codelet* cl) const {
  for (size_t i = slot_of(cl, kSlots), n = 0; n < kSlots; i = (i + 1) % kSlots, ++n) {
    const hcc_codelet* in = slots_[i].load(std::memory_order_relaxed);
    if (in == cl) return true;
    if (!in) return false;
  }
  return false;
}

void FineKernels::add(const hcc_codelet* cl) {
  for (size_t i = slot_of(cl, kSlots), n = 0; n < kSlots; i = (i + 1) % kSlots, ++n) {
    const hcc_codelet* in = nullptr;
    if (slots_[i].compare_exchange_strong(in, cl, std::memory_order_relaxed) || in == cl) return;
  }
}

bool KernelTally::add(const hcc_codelet* cl, double seconds) {
  Entry& e = entries_[slot_of(cl, entries_.size())];
  if (e.kernel != cl) e = Entry{cl, 0, 0};
  if (e.runs >= kFullyTimedRuns) return false;  // decided already
  e.seconds += seconds;
  return ++e.runs == kFullyTimedRuns && e.seconds < kFineKernel * kFullyTimedRuns;
}

}  // namespace hcc::rt
