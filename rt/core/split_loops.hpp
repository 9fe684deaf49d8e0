// Loops split between CPU workers and GPUs (hcc_split_for, split_loops.cpp).
//
// The share of a split loop that goes to the GPUs (seed 004 §III-A2, SGPU
// 2's history-based estimator, then better): each side's time is a line in
// the iterations it gets, fitted on its last two runs of different sizes
// (one run: proportional), and the share solves "both sides end together".
// A side with no history is seeded from a model when there is one
// (SplitSide::seed); with neither, the first run explores half and half.
// Pure logic (split_share.cpp): split_loops.cpp measures and runs.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "hcc/hcc.h"

namespace hcc::rt {

// One side's time as a function of the iterations it runs.
class SplitSide {
 public:
  // A run of iterations that took seconds (iterations > 0).
  void observe(double iterations, double seconds);
  // A line from a model (before any run): t(x) = intercept + slope * x.
  void seed(double intercept, double slope);
  bool known() const { return points_ > 0 || seeded_; }
  // The line: intercept and slope.
  double intercept() const;
  double slope() const;
  double predict(double iterations) const { return intercept() + slope() * iterations; }

 private:
  int points_ = 0;  // observed, at most 2 kept
  double x_[2] = {0, 0}, t_[2] = {0, 0};  // [1] the latest
  bool seeded_ = false;
  double seed_intercept_ = 0, seed_slope_ = 0;
};

struct SplitHistory {
  SplitSide cpu, gpu;
  hcc_split_stats last{};  // the latest run (hcc_split_last)
};

// The kernels of one split loop, alive with the runtime: "split:<name>" on
// the CPU workers and on the GPUs.
struct SplitKernels {
  std::string name;
  hcc_codelet cpu{}, gpu{};
  // With HCC_PIN=1, the extents page-locked for its GPU parts: each
  // section's bytes over the whole range, once (a part's range moves with
  // the share from run to run; pinning each would cost each run).
  std::vector<std::pair<const void*, size_t>> pinned;
};

class Runtime;
struct Handle;

// One part's run, what its kernel reads (the run outlives it).
struct SplitPart {
  hcc_split_fn fn = nullptr;
  long begin = 0, end = 0;
  void* user = nullptr;
  const std::vector<void*>* bases = nullptr;  // CPU: the sections' bases
  // GPU: for each section, its access and the bytes from the section's base
  // to the access's first byte.
  std::vector<int> access_of;
  std::vector<size_t> lo;
  std::vector<Handle*> handles;  // GPU: its sections, registered for the run
  std::vector<bool> borrowed;    // and of those, the program's own handles
  std::vector<int> modes;        // and how the part accesses each
  Runtime* rt = nullptr;
  double iterations = 0;  // the task's parameter
  double ended = -1;      // CPU: rt->time() when it ended
};

// A split loop between its start and its end: its GPU parts in flight.
struct SplitRun {
  SplitKernels* kernels = nullptr;
  long n = 0, g = 0;  // iterations, the GPUs' [0, g)
  double start = 0;
  double gpu_setup = 0;  // its GPU buffers' allocations (estimated)
  double cpu_slowdown = 1;  // CPU workers over the free ones at its start
  std::vector<std::unique_ptr<SplitPart>> parts;
};

// The GPUs' iterations out of n: both lines known, where they cross
// (clamped to [0, n]); else half (exploring). The CPU side's line is its
// time with every CPU worker free; cpu_slowdown (all over the free ones,
// SGPU 2's getRes) stretches it when some run other tasks.
long gpu_iterations(const SplitHistory& h, long n, double cpu_slowdown = 1);

}  // namespace hcc::rt
