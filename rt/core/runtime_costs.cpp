// The runtime's own costs: measured on this machine by instrumented runs
// (the thread CPU clock), kept in the model directory like a kernel's,
// charged by simulations (runtime_costs.hpp).
#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string_view>

#include "fatal.hpp"
#include "runtime.hpp"
#include "runtime_costs.hpp"

namespace hcc::rt {

// What one read of the thread CPU clock costs (a system call: 0.5 us here).
// An interval between two reads holds about one read, which is the
// measurement's own cost: cpu_between() leaves it out.
double Runtime::cpu_clock_read_cost() {
  constexpr int kReads = 256;
  const double first = backend_->thread_cpu_time();
  for (int i = 1; i < kReads; ++i) backend_->thread_cpu_time();
  return (backend_->thread_cpu_time() - first) / kReads;
}

// CPU seconds between two reads of a thread's CPU clock, less the one read
// that the span holds.
double Runtime::cpu_between(double from, double to) const { return std::max(0.0, to - from - cpu_clock_cost_); }

// The least interval between two reads of the monotonic clock (wallclock()).
double Runtime::wall_clock_read_cost() {
  double least = 1;
  for (int i = 0; i < 64; ++i) {
    const double a = backend_->wallclock();
    least = std::min(least, backend_->wallclock() - a);
  }
  return std::max(0.0, least);
}

// A runtime cost timed on the monotonic clock between two reads, or -1
// when it is too long to be one (kLongestCost: the thread was preempted).
double Runtime::cost_between(double from, double to) const {
  const double seconds = std::max(0.0, to - from - wall_clock_cost_);
  return seconds <= kLongestCost ? seconds : -1;
}

double Runtime::cost_since(double from) { return cost_between(from, backend_->wallclock()); }

// CPU seconds of the calling thread since the read that gave start.
double Runtime::cpu_since(double start) { return cpu_between(start, backend_->thread_cpu_time()); }

// Runtime costs measured by earlier instrumented runs, if the model
// directory has them; none (zero) otherwise, as before they existed.
void Runtime::load_runtime_costs() {
  try {
    submit_cost_ = models_.mean(kSubmitCost, "cpu", 0).value_or(0);
    app_wake_latency_ = models_.mean(kAppWakeCost, "cpu", 0).value_or(0);
    wait_cost_ = models_.mean(kWaitCost, "cpu", 0).value_or(0);
    for (int i = 0; i < nworkers_; ++i) {
      const std::string& arch = machine().workers[i].arch;
      workers_[i].task_cost = models_.mean(kTaskCost, arch, 0).value_or(0);
      workers_[i].wake_latency = models_.mean(kWakeCost, arch, 0).value_or(0);
    }
  } catch (const models::ModelError& e) {
    fatal(e.what());
  }
}

// An observation for the kernel models. Workers call it: a model file of
// the directory that cannot be read (loaded on first use) or a duration
// that cannot be a model's is one error line, never an exception out of a
// worker thread.
void Runtime::record_model(const std::string& kernel, const std::string& arch, uint64_t footprint, uint64_t bytes,
                           double seconds) {
  std::lock_guard<std::mutex> lock(models_mutex_);
  try {
    models_.record(kernel, arch, footprint, bytes, seconds);
  } catch (const models::ModelError& e) {
    fatal(e.what());
  } catch (const std::invalid_argument& e) {
    fatal("kernel '" + kernel + "': " + e.what());
  }
}

// Observations recorded a batch at a time, not each under the models' mutex
// (which every worker takes): a fifth of an instrumented fine-grained
// Fibonacci's time went to recording each task's duration at once.
constexpr size_t kCostBatch = 4096;

void Runtime::record_observation(int w, const char* kernel, const std::string& arch, uint64_t footprint,
                                 uint64_t bytes, double seconds) {
  if (!batch_observations_) {
    record_model(kernel, arch, footprint, bytes, seconds);
    return;
  }
  std::vector<KernelSample>& mine = workers_[w].observations;
  mine.push_back(KernelSample{kernel, &arch, footprint, bytes, seconds});
  if (mine.size() >= kCostBatch) flush_observations(mine);
}

void Runtime::flush_observations(std::vector<KernelSample>& samples) {
  if (samples.empty()) return;
  std::lock_guard<std::mutex> lock(models_mutex_);
  const KernelSample* at = nullptr;
  try {
    for (const KernelSample& k : samples) {
      at = &k;
      models_.record(k.kernel, *k.arch, k.footprint, k.bytes, k.seconds);
    }
  } catch (const models::ModelError& e) {
    fatal(e.what());
  } catch (const std::invalid_argument& e) {
    fatal("kernel '" + std::string(at->kernel) + "': " + e.what());
  }
  samples.clear();
}

void Runtime::record_cost(const char* kind, const std::string& arch, double seconds) {
  const int w = backend_->self_worker();
  if (w < 0) {
    std::vector<CostSample> one{CostSample{kind, &arch, seconds}};
    flush_costs(one);
    return;
  }
  std::vector<CostSample>& mine = workers_[w].costs;
  mine.push_back(CostSample{kind, &arch, seconds});
  if (mine.size() >= kCostBatch) flush_costs(mine);
}

std::optional<double> interruption_bound(const std::vector<double>& first_observations) {
  constexpr size_t kEnough = 32;
  if (first_observations.size() < kEnough) return std::nullopt;
  std::vector<double> v = first_observations;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
  return kInterruptionFactor * v[v.size() / 2];
}

// With models_mutex_ held.
void Runtime::record_cost_locked(const char* kind, const std::string& arch, double seconds) {
  const bool latency = kind == std::string_view(kWakeCost) || kind == std::string_view(kAppWakeCost);
  if (!latency) {
    const models::FootprintEntry* e = models_.lookup(kind, arch, 0);
    if (e && e->samples.size() == models::FootprintEntry::kMaxSamples) {
      // The first observations are kept as they come: the bound from them
      // is computed once per run.
      auto [it, fresh] = cost_bounds_.try_emplace(std::pair<const void*, const void*>{kind, &arch}, 0.0);
      if (fresh) it->second = interruption_bound(e->samples).value_or(kLongestCost);
      if (seconds > it->second) return;
    }
  }
  models_.record(kind, arch, 0, 0, seconds);
}

void Runtime::flush_costs(std::vector<CostSample>& samples) {
  std::lock_guard<std::mutex> lock(models_mutex_);
  try {
    for (const CostSample& c : samples) record_cost_locked(c.kind, *c.arch, c.seconds);
  } catch (const models::ModelError& e) {
    fatal(e.what());
  } catch (const std::invalid_argument& e) {
    fatal(std::string("runtime cost: ") + e.what());
  }
  samples.clear();
}

void Runtime::record_burst(const std::string& name, double seconds) { record_model(name, "cpu", 0, 0, seconds); }

std::optional<double> Runtime::burst_model(const std::string& name) {
  std::lock_guard<std::mutex> lock(models_mutex_);
  try {
    const models::FootprintEntry* e = models_.lookup(name, "cpu", 0);
    if (!e || e->count == 0) return std::nullopt;
    return (config_.sim_model == "histogram" && !e->histogram.empty()) ? e->histogram.sample(rng_) : e->mean;
  } catch (const models::ModelError& e) {
    fatal(e.what());
  }
}

double Runtime::uniform_draw() {
  std::lock_guard<std::mutex> lock(models_mutex_);
  return std::uniform_real_distribution<double>(0.0, 1.0)(rng_);
}

}  // namespace hcc::rt
