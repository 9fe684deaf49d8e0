// The runtime's own costs: measured on this machine by instrumented runs
// (the thread CPU clock), kept in the model directory like a kernel's,
// charged by simulations (runtime_costs.hpp).
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <stdexcept>
#include <string_view>

#include "burst_models.hpp"
#include "bursts.hpp"
#include "cpu_clock.hpp"
#include "fatal.hpp"
#include "outliers.hpp"
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

// The typical interval between two reads of the monotonic clock
// (wallclock(); typical_interval says why not the least).
double Runtime::wall_clock_read_cost() {
  return typical_read_interval([this] { return backend_->wallclock(); }, 4096);
}

// A runtime cost timed on the monotonic clock between two reads, or -1
// when it is too long to be one (kLongestCost: the thread was preempted).
double Runtime::cost_between(double from, double to) const {
  const double seconds = std::max(0.0, to - from - wall_clock_cost_);
  return seconds <= kLongestCost ? seconds : -1;
}

double Runtime::cost_since(double from) { return cost_between(from, backend_->wallclock()); }

void Runtime::cost_measured(const char* kind, double from, double to) {
  if (const double seconds = cost_between(from, to); seconds >= 0) record_cost(kind, kCpuArch, seconds);
}

void Runtime::cost_measured(const char* kind, double from) { cost_measured(kind, from, backend_->wallclock()); }

// CPU seconds of the calling thread since the read that gave start.
double Runtime::cpu_since(double start) { return cpu_between(start, backend_->thread_cpu_time()); }

// A runtime cost's seconds from its model, 0 without one: the mean of its
// observations less its interruptions (uninterrupted_mean).
double Runtime::cost_model(const char* kernel, const std::string& arch) {
  const models::FootprintEntry* e = models_.lookup(kernel, arch, 0);
  if (!e || e->count == 0) return 0;
  return uninterrupted_mean(e->count, e->mean, e->samples);
}

// hcc.notice's mean from its model; fallback from fewer than
// kMinNoticeSamples observations: a program with one region measures its
// one implicit task's notice, which may hold the thread's start (1.4 us
// once, in a tree search of 1.8 M tasks whose simulation charged it at each
// of its 200,000 waits that stolen children ended: 0.32 s predicted for a
// native 0.20).
double Runtime::notice_model(const std::string& arch, double fallback) {
  const models::FootprintEntry* e = models_.lookup(kNoticeCost, arch, 0);
  return e && e->count >= kMinNoticeSamples ? e->mean : fallback;
}

// Runtime costs measured by earlier instrumented runs, if the model
// directory has them; none (zero) otherwise, as before they existed.
void Runtime::load_runtime_costs() {
  try {
    submit_cost_ = cost_model(kSubmitCost, kCpuArch);
    look_round_ = cost_model(kLookCost, kCpuArch);
    scan_round_ = cost_model(kScanCost, kCpuArch);
    app_wake_latency_ = models_.mean(kAppWakeCost, "cpu", 0).value_or(0);
    wait_cost_ = cost_model(kWaitCost, kCpuArch);
    wait_end_cost_ = cost_model(kWaitEndCost, kCpuArch);
    empty_wait_cost_ = cost_model(kEmptyWaitCost, kCpuArch);
    inline_cost_ = cost_model(kInlineCost, kCpuArch);
    included_cost_ = cost_model(kIncludedCost, kCpuArch);
    fork_cost_ = cost_model(kForkCost, kCpuArch);
    join_cost_ = cost_model(kJoinCost, kCpuArch);
    implicit_cost_ = cost_model(kImplicitCost, kCpuArch);
    for (int i = 0; i < nworkers_; ++i) {
      const std::string& arch = machine().workers[i].arch;
      workers_[i].task_cost = cost_model(kTaskCost, arch);
      workers_[i].task_start_cost = cost_model(kTaskStartCost, arch);
      workers_[i].task_cost_split = models_.lookup(kTaskStartCost, arch, 0) != nullptr;
      workers_[i].wake_latency = models_.mean(kWakeCost, arch, 0).value_or(0);
      // Without a model, two moves of the line that says what it waits for
      // (the store that changes it takes it from the looking core, whose
      // next look brings it back): with none, a thread released from a
      // barrier at the instant the last one to arrive went on took the
      // next `single` in the simulation's order, where natively the last
      // one takes it before the others have seen the release.
      workers_[i].notice_latency = notice_model(arch, 2 * machine().workers[i].line_transfer);
    }
    std::unordered_map<uint64_t, double> bursts;
    for (const auto& [key, entry] : models_.entries(kBurstModel, kCpuArch))
      if (entry.count >= kBurstModelMinSamples && entry.mean < kModelledBurst) bursts[key] = entry.mean;
    install_burst_models(std::move(bursts));
  } catch (const models::ModelError& e) {
    fatal(e.what());
  }
}

namespace {

// The instrumented runtime whose threads sample their bursts; null before
// and after.
std::atomic<Runtime*> g_sampling_runtime{nullptr};
BurstClock* sampled_clock() { return &t_sampled_clock; }

void record_burst_sample(uint64_t key, double seconds) {
  if (Runtime* rt = g_sampling_runtime.load(std::memory_order_relaxed)) rt->record_burst_sample(key, seconds);
}

const BurstAccounting kSampledBursts{sampled_clock, nullptr, record_burst_sample, note_native_line_update};

}  // namespace

void Runtime::start_burst_samples() {
  g_sampling_runtime.store(this);
  install_burst_accounting(&kSampledBursts);
}

// The accounting stays installed: a thread in an entry when the run ends
// leaves it through the accounting it entered by.
void Runtime::stop_burst_samples() { g_sampling_runtime.store(nullptr); }

void Runtime::record_burst_sample(uint64_t key, double seconds) {
  const Observation o{kBurstModel, &kCpuArch, key, 0, seconds, false};
  const int w = backend_->self_worker();
  if (w >= 0 && batch_observations_) keep_observation(w, o);
  else record_observations(&o, &o + 1);
}

// An observation for the kernel models. Workers call it: a model file of
// the directory that cannot be read (loaded on first use) or a duration
// that cannot be a model's is one error line, never an exception out of a
// worker thread.
void Runtime::record_model(const std::string& kernel, const std::string& arch, uint64_t footprint, uint64_t bytes,
                           double seconds, uint32_t weight) {
  std::lock_guard<std::mutex> lock(models_mutex_);
  try {
    models_.record(kernel, arch, footprint, bytes, seconds, weight);
  } catch (const models::ModelError& e) {
    fatal(e.what());
  } catch (const std::invalid_argument& e) {
    fatal("kernel '" + kernel + "': " + e.what());
  }
}

// Observations recorded a batch at a time, not each under the models' mutex
// (which every worker takes): a fifth of an instrumented fine-grained
// Fibonacci's time went to recording each task's duration at once.
constexpr size_t kObservationBatch = 4096;

void Runtime::record_observation(int w, const char* kernel, const std::string& arch, uint64_t footprint,
                                 uint64_t bytes, double seconds, uint32_t weight) {
  const Observation o{kernel, &arch, footprint, bytes, seconds, false, weight};
  if (batch_observations_) keep_observation(w, o);
  else record_observations(&o, &o + 1);
}

void Runtime::record_cost(const char* kind, const std::string& arch, double seconds) {
  const Observation o{kind, &arch, 0, 0, seconds, true};
  const int w = backend_->self_worker();
  if (w >= 0) keep_observation(w, o);
  else record_observations(&o, &o + 1);
}

void Runtime::keep_observation(int w, const Observation& o) {
  std::vector<Observation>& mine = workers_[w].observations;
  mine.push_back(o);
  if (mine.size() >= kObservationBatch) flush_observations(mine);
}

void Runtime::flush_observations(std::vector<Observation>& batch) {
  if (batch.empty()) return;
  record_observations(batch.data(), batch.data() + batch.size());
  batch.clear();
}

void Runtime::record_observations(const Observation* first, const Observation* last) {
  std::lock_guard<std::mutex> lock(models_mutex_);
  const Observation* at = first;
  try {
    for (; at != last; ++at)
      if (!(at->cost && interrupted(*at)))
        models_.record(at->kernel, *at->arch, at->footprint, at->bytes, at->seconds, at->weight);
  } catch (const models::ModelError& e) {
    fatal(e.what());
  } catch (const std::invalid_argument& e) {
    fatal(at->cost ? std::string("runtime cost: ") + e.what() : "kernel '" + std::string(at->kernel) + "': " + e.what());
  }
}

double uninterrupted_mean(uint64_t count, double mean, const std::vector<double>& first_observations) {
  if (count == 0 || first_observations.empty()) return count ? mean : 0;
  return mean_without(count, mean, outliers_of(first_observations, kInterruptionFactor, Median::kUpper));
}

std::optional<double> interruption_bound(const std::vector<double>& first_observations) {
  constexpr size_t kEnough = 32;
  if (first_observations.size() < kEnough) return std::nullopt;
  return median_bound(first_observations, kInterruptionFactor, Median::kUpper);
}

// A runtime cost's observation beyond its interruption bound, once its model
// holds its first observations (kept as they came: the bound from them is
// computed once per run). Wake-ups are latencies: never.
bool Runtime::interrupted(const Observation& o) {
  if (o.kernel == std::string_view(kWakeCost) || o.kernel == std::string_view(kAppWakeCost) ||
      o.kernel == std::string_view(kNoticeCost))
    return false;
  const std::pair<const void*, const void*> key{o.kernel, o.arch};
  auto it = cost_bounds_.find(key);
  if (it == cost_bounds_.end()) {
    const models::FootprintEntry* e = models_.lookup(o.kernel, *o.arch, 0);
    if (!e || e->samples.size() < models::FootprintEntry::kMaxSamples) return false;
    it = cost_bounds_.emplace(key, *interruption_bound(e->samples)).first;
  }
  return o.seconds > it->second;
}

void Runtime::record_burst(const std::string& name, double seconds) { record_model(name, "cpu", 0, 0, seconds); }

std::optional<double> Runtime::burst_model(const std::string& name) {
  std::lock_guard<std::mutex> lock(models_mutex_);
  try {
    const models::FootprintEntry* e = models_.lookup(name, "cpu", 0);
    if (!e || e->count == 0) return std::nullopt;
    return config_.sim_model == "histogram" ? e->draw(rng_) : e->mean;
  } catch (const models::ModelError& e) {
    fatal(e.what());
  }
}

double Runtime::uniform_draw() {
  std::lock_guard<std::mutex> lock(models_mutex_);
  return std::uniform_real_distribution<double>(0.0, 1.0)(rng_);
}

}  // namespace hcc::rt
