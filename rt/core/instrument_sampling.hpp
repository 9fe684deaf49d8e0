// Sampled instrumentation: which events an instrumented run times.
//
// Timing an event costs two reads of the monotonic clock (about 22 ns each
// on the 2-core VM) and, for a kernel, a record row and an observation. A
// fine-grained task program (a recursive Fibonacci with a task per call:
// 53 ns per task natively on one thread) ran 12 times slower instrumented
// than natively, and what it measured was that slower run, not the native
// one. So an instrumented run times at random one event in kSamplePeriod
// of the runtime's own costs (hcc.submit, hcc.task, hcc.wait), and of the
// kernels found fine-grained: a kernel (a task's codelet, or a worksharing
// loop's chunks, loop:<file>:<line>) of whose first kFullyTimedRuns runs on
// a worker at least half took under kFineKernel. Half, not the mean: on a
// loaded machine one run of 64 preempted for a millisecond made the mean of
// 50 ns tasks 16 us, and the kernel was timed at every run for the rest of
// the run (a clean-clone CI failed so). The events left untimed run
// as natively; the models get an unbiased sample of the rest.
//
// One in 64, not 16: at one in 16 the clock reads alone (0.6 a task) made
// an instrumented Fibonacci of 1 M tasks 1.4 times its native run; at one
// in 64, 1.1 times (0.075 and 0.059 s against 0.054 s, interleaved), and
// 1 M tasks still give 16,000 samples of each cost.
// HCC_INSTRUMENT_SAMPLING=all times every event (docs/configuration.md), as
// do runs that write a trace or place tasks by the models (dmda, dmdas).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>

namespace hcc::rt {

constexpr uint32_t kSamplePeriod = 64;  // a power of two, that a Task's weight holds
constexpr double kFineKernel = 10e-6;
constexpr uint32_t kFullyTimedRuns = 64;

// True for one call in kSamplePeriod on average, at random: the runtime's
// events come in fixed patterns (a task's two submissions, its wait), and
// taking every kSamplePeriod-th of them would time always the same one. The
// thread counts down the events to its next sampled one, whose distance it
// draws when it takes one (next_sample_gap): an instrumented fib asks at
// every submission, wait and task, and a draw at each call, out of line,
// was 3-4 % of its run (`perf`).
extern constinit thread_local uint32_t t_unsampled_events;
bool next_sample_gap();
inline bool sample_this_event() {
  if (t_unsampled_events != 0) {
    --t_unsampled_events;
    return false;
  }
  return next_sample_gap();
}

// The kernels an instrumented run found fine-grained, for all threads: an
// insert-only open-addressing set of kernels (a codelet, or a loop's source
// location), read at every submission.
class FineKernels {
 public:
  bool contains(const void* kernel) const;
  void add(const void* kernel);  // a full set leaves the kernel timed every run

 private:
  static constexpr size_t kSlots = 512;
  std::array<std::atomic<const void*>, kSlots> slots_{};
};

// A worker's tally of the kernels it timed, to find the fine-grained ones.
// Searched whole, not direct-mapped: a task's two kinds (fib's two task
// constructs, adjacent in memory) shared a slot in 7 runs of 16, as the
// addresses fell, displaced each other at every run and were never found
// fine-grained. Past its size, a new kernel takes the slots in turn.
class KernelTally {
 public:
  // Adds one timed run; true when the kernel has just proved fine-grained.
  bool add(const void* kernel, double seconds);

 private:
  struct Entry {
    const void* kernel = nullptr;
    uint32_t runs = 0;
    uint32_t short_runs = 0;  // those under kFineKernel
  };
  std::array<Entry, 16> entries_{};
  uint32_t next_evicted_ = 0;
};

}  // namespace hcc::rt
