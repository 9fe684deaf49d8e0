// Running a task's body natively, or simulating it from its kernel model,
// and what is kept of it: records, model observations.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cinttypes>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>

#include "bursts.hpp"
#include "cpu_clock.hpp"
#include "fatal.hpp"
#include "outliers.hpp"
#include "replayed_kernels.hpp"
#include "runtime.hpp"
#include "runtime_costs.hpp"

namespace hcc::rt {

namespace {

// Once per process and kernel, however many runtimes (a simulation's ranks
// each have theirs) meet it.
bool first_warning(const std::string& kernel) {
  static std::mutex mutex;
  static std::set<std::string>* warned = new std::set<std::string>;  // used until the process ends
  std::lock_guard<std::mutex> lock(mutex);
  return warned->insert(kernel).second;
}

// The model of a kernel's first run on a GPU worker: "<kernel>.first-run".
constexpr const char* kFirstRun = ".first-run";

// Whether what a task's body allocates is left out of the program's memory
// (KernelAllocations): a kernel's, which a simulation does not run, and
// whose task declares it (#pragma hcc task alloc/free). Not a control
// body's, nor a steering one's, which a simulation runs too: the blocks a
// task allocates and stores for the program to follow are allocated in
// every mode (64 tasks allocating 160 KB each were counted as nothing),
// unless its task declares them.
bool allocations_uncounted(const Task& t) {
  const unsigned flags = t.codelet->flags;
  if (flags & HCC_CODELET_CONTROL) return false;
  return !(flags & HCC_CODELET_STEERS) || t.mem_alloc || t.mem_free;
}

}  // namespace

// Runs or simulates the kernel. Natively the body runs and its duration is
// observed. In simulation the duration comes from the kernel's model; a kernel
// without one is run natively and timed for its first calibrate_runs
// occurrences per footprint, and on until their mean is known within
// calibrate_precision (calibrated), then replayed at their mean.
//
// Each way is a function of its own, which the other's locals do not
// enlarge: a body that creates and waits for tasks nests the next task's run
// in its own, thousands deep in a tree search, on the thread's stack.
void Runtime::execute_body(Task* t, int w, const Buffers& buffers) {
  // A native run that keeps nothing of its tasks on a CPU worker: the body
  // alone (kernels' allocations are not the program's, as below).
  if (!simulated_ && !measure_costs_ && !keep_records_ && !keep_history_ && workers_[w].cpu) {
    workers_[w].after_kernel = -1;
    std::optional<KernelAllocations> uncounted;
    if (allocations_uncounted(*t)) uncounted.emplace();
    t->codelet->cpu(buffers.begin(), t->arg);
    return;
  }
  execute_body_kept(t, w, buffers);
}

// A body whose run is kept (records, models), simulated, or on a GPU: apart
// from execute_body, whose frame a task that waits for its children nests
// on the stack at every level of a task tree.
void Runtime::execute_body_kept(Task* t, int w, const Buffers& buffers) {
  // A kernel's first run on a GPU worker initialises its libraries (cuBLAS
  // and cuSOLVER handles, workspaces, code loaded on first use): instrumented
  // runs keep it as a model of its own, "<kernel>.first-run", which simulations
  // charge for the first run instead of the kernel's model.
  bool first_on_gpu = false;
  if (!workers_[w].cpu) {
    std::vector<const hcc_codelet*>& warmed = workers_[w].warmed;
    first_on_gpu = std::find(warmed.begin(), warmed.end(), t->codelet) == warmed.end();
    if (first_on_gpu) warmed.push_back(t->codelet);
  }
  if (simulated_) simulate_body(t, w, buffers, first_on_gpu);
  else run_body_natively(t, w, buffers, first_on_gpu);
}

void Runtime::run_body_natively(Task* t, int w, const Buffers& buffers, bool first_on_gpu) {
  const hcc_codelet* cl = t->codelet;
  const std::string& arch = desc(w).arch;
  hcc_kernel_fn fn = workers_[w].cpu ? cl->cpu : cl->cuda;
  const bool control = (cl->flags & HCC_CODELET_CONTROL) != 0;
  Worker& me = workers_[w];
  // One read of the monotonic clock ends the runtime's work since the
  // previous kernel (hcc.task, recorded after this kernel) and starts this
  // kernel's time; a kernel after a long one is timed on the CPU clock too
  // (a long kernel must not count the time its thread was preempted;
  // cpu_clock.hpp, kShortInterval).
  // An untimed run of a fine-grained kernel reads it only to end an
  // hcc.task (instrument_sampling.hpp).
  const bool timed = t->timed() || first_on_gpu;
  const double wall_start = measure_costs_ && (timed || me.after_kernel >= 0) ? backend_->wallclock() : 0;
  // A control body's time holds the tasks it ran while it waited: its
  // model means little, and a simulation charges its CPU bursts instead.
  const double cpu_start =
      measure_costs_ && timed && me.long_kernels && !control ? backend_->thread_cpu_time() : -1;
  // hcc.task and hcc.taskstart, split where the look found this task (a
  // task not found by a look after the kernel, run by its submitter: none).
  double task_cost = -1, task_start_cost = -1;
  if (measure_costs_ && me.after_kernel >= 0 && me.found_at >= me.after_kernel) {
    task_cost = cost_between(me.after_kernel, me.found_at);
    task_start_cost = cost_between(me.found_at, wall_start);
  }
  me.after_kernel = me.found_at = -1;  // a kernel nested in this one (a task scheduling point) starts afresh
  // Natively now() and wallclock() read one clock: the start is read once.
  if ((keep_records_ || keep_history_) && timed) t->start_time = measure_costs_ ? wall_start : backend_->now();
  double device_time = -1;
  {
    std::optional<KernelAllocations> uncounted;
    if (allocations_uncounted(*t)) uncounted.emplace();
    if (me.cpu) fn(buffers.begin(), t->arg);
    else backend_->start_device_kernel(w, [&] { fn(buffers.begin(), t->arg); }, 0, keep_history_);
  }
  if (!me.cpu) {
    prefetch_next(w);
    device_time = backend_->finish_device_kernel(w);
  }
  if ((keep_records_ || keep_history_) && timed) t->end_time = backend_->now();
  // A GPU kernel's model is its time on the device, between two events on
  // its stream around the launch: the host's launch work included, the
  // wait for its end not.
  if (device_time >= 0) t->cpu_time = device_time;
  // An instrumented CPU kernel is timed for the time it computed: a long
  // one on its thread's CPU clock, without the time its thread was
  // preempted (by the submitting thread evaluating parameters, say, which
  // native runs do not do), a short one on the monotonic clock. Its models
  // are that time; simulations charge it as CPU work, which shares the
  // simulated cores as the threads share real ones.
  // Instrumented runs keep history: end_time was read just above.
  if (measure_costs_ && me.cpu && timed) {
    const double wall = std::max(0.0, t->end_time - wall_start - wall_clock_cost_);
    t->cpu_time = cpu_start >= 0 ? cpu_since(cpu_start) : wall;
    if (!control) me.long_kernels = wall >= kShortInterval;
    if (!t->implicit) timed_run_of(cl, w, t->cpu_time);
  }
  // Formatted here, before complete() appends the record under the models
  // mutex, which the other workers wait for: instrumentation must not slow them.
  if (keep_records_ && timed) t->params_text = format_params(*t);
  if (keep_history_ && !t->implicit && timed) {
    const double seconds = t->cpu_time >= 0 ? t->cpu_time : t->end_time - t->start_time;
    if (first_on_gpu)
      record_model(std::string(cl->name) + kFirstRun, arch, t->footprint, t->bytes_in + t->bytes_out, seconds);
    else
      record_observation(w, cl->name, arch, t->footprint, t->bytes_in + t->bytes_out, seconds, t->weight);
  }
  // A GPU worker's thread spins in its waits for copies and kernels: its
  // CPU time between kernels is not the runtime's work.
  if (task_cost >= 0 && task_start_cost >= 0 && !t->implicit && me.cpu) {
    record_cost(kTaskCost, arch, task_cost);
    record_cost(kTaskStartCost, arch, task_start_cost);
  }
  // After the instrumentation's own bookkeeping, which native runs do not do.
  // An implicit task's body ended in a wait (its barrier): nothing follows
  // back to back.
  if (measure_costs_ && !t->implicit && (me.wait_times_end || times_event())) me.after_kernel = backend_->wallclock();
}

void Runtime::simulate_body(Task* t, int w, const Buffers& buffers, bool first_on_gpu) {
  const hcc_codelet* cl = t->codelet;
  const std::string& arch = desc(w).arch;
  const bool control = (cl->flags & HCC_CODELET_CONTROL) != 0;
  // A steering body runs for its effects on what control code reads; it is
  // a kernel still, charged its model (native runs measured it in the
  // native memory state, which a simulation's run, on pages never touched
  // before, is not).
  const bool steers = (cl->flags & HCC_CODELET_STEERS) != 0;
  // A control body is the program's code, run for real: with bursts
  // accounted (bursts.hpp) it costs what it computes, between the runtime
  // entries it makes (the tasks it creates, its waits), not a model of its
  // whole run, which would count its children's work and the runtime's.
  const bool bursts = control && bursts_charged();
  std::optional<double> duration;
  if (!bursts) duration = model_duration(*t, cl->name, arch, config_.sim_model == "histogram");
  if (first_on_gpu) {
    const std::optional<double> first = model_duration(*t, std::string(cl->name) + kFirstRun, arch, false);
    if (first) duration = first;
  }
  // A footprint without a model when first seen is timed natively for its
  // first calibrate_runs occurrences, and on while their mean is uncertain;
  // its recorded runs are the model after.
  // A steering body without one is run each time anyway: charged each run's
  // time (a first run on untouched pages is no model for the later ones).
  bool calibrate = false, charge_measured = false;
  if (!control) {
    const std::string kernel = std::string(cl->name) + "." + arch;
    auto timed = calibrating_.find({kernel, t->footprint});
    if (timed == calibrating_.end() && !duration) {
      if (arch != "cpu") {
        char fp[32];
        std::snprintf(fp, sizeof fp, "0x%016" PRIx64, t->footprint);
        fatal("no model for kernel '" + std::string(cl->name) + "' on " + arch + " (footprint " + fp +
              ") in model directory '" + config_.model_dir +
              "': calibrate it with an instrumented run on a machine that has one");
      }
      if (first_warning(kernel)) {
        if (steers)
          std::fprintf(stderr,
                       "hccsim: no model for kernel '%s' on %s in '%s': it runs in simulation (its stores steer "
                       "control code), charged each run's time\n",
                       cl->name, arch.c_str(), config_.model_dir.c_str());
        else
          std::fprintf(stderr,
                       "hccsim: no model for kernel '%s' on %s in '%s': timing its first %d runs per "
                       "data size natively (more until their mean is known within %g %%), then replaying their "
                       "mean\n",
                       cl->name, arch.c_str(), config_.model_dir.c_str(), config_.calibrate_runs,
                       100 * config_.calibrate_precision);
      }
      timed = calibrating_.emplace(std::make_pair(kernel, t->footprint), 0).first;
    }
    if (timed != calibrating_.end() &&
        (timed->second < config_.calibrate_runs || !calibrated(cl->name, arch, t->footprint))) {
      ++timed->second;
      calibrate = true;
    }
    charge_measured = calibrate || (timed != calibrating_.end() && steers);
  }

  // The runtime's work between two kernels, as measured natively (its part
  // after the look that found this task, or all of it: task_cost_split),
  // or around an implicit task's body.
  const Worker& me = workers_[w];
  if (const double before = t->implicit          ? implicit_cost_
                            : me.task_cost_split ? me.task_start_cost
                                                 : me.task_cost;
      before > 0)
    backend_->compute(before);
  t->start_time = backend_->now();
  double measured = 0;
  if (control || steers || calibrate) measured = run_body_in_simulation(t, w, buffers);
  else note_replayed_kernel(cl->name, cl->nparams == 0 && t->accesses.empty());
  if (workers_[w].cpu) {
    if (!bursts) backend_->compute(charge_measured ? measured : duration.value_or(0.0));
  } else {
    backend_->start_device_kernel(w, nullptr, duration.value_or(0.0), false);
    prefetch_next(w);
    backend_->finish_device_kernel(w);
  }
  t->end_time = backend_->now();
  if (calibrate) record_model(cl->name, arch, t->footprint, t->bytes_in + t->bytes_out, measured);
}

// Whether a kernel's timed runs at a footprint give its mean within
// calibrate_precision (the relative standard error of their mean), as
// SMPI's sampled blocks stop at a threshold (seed 002 §3.1): three runs
// replayed a kernel whose cost varied with its data, not its size, at the
// mean of its first three (64 tasks of varied cost in a taskgroup simulated
// to 0.052-0.054 s for a native 0.063; 0.062 timed on). Runs whose cost
// drifts slowly agree at first and are not caught (bench/omp_shapes/deps.c).
bool Runtime::calibrated(const char* kernel, const std::string& arch, uint64_t footprint) {
  const models::FootprintEntry* e = models_.lookup(kernel, arch, footprint);
  if (!e || e->count < 2 || !(e->mean > 0)) return e != nullptr;
  const double n = static_cast<double>(e->count);
  return std::sqrt(e->m2 / (n - 1) / n) <= config_.calibrate_precision * e->mean;
}

// Runs a body for real in a simulation (a control or steering body, a
// kernel being calibrated); the time it took (below).
double Runtime::run_body_in_simulation(Task* t, int w, const Buffers& buffers) {
  const hcc_codelet* cl = t->codelet;
  hcc_kernel_fn fn = workers_[w].cpu ? cl->cpu : cl->cuda;
  const bool control = (cl->flags & HCC_CODELET_CONTROL) != 0;
  // Data that the simulation only pretends to hold is replaced by zeroed
  // scratch memory of the same size for the real run.
  Buffers local = buffers;
  std::vector<std::unique_ptr<char[]>> scratch;
  for (size_t i = 0; i < local.size(); ++i) {
    if (backend_->backed(local[i])) continue;
    scratch.emplace_back(new char[t->accesses[i].handle->size]());
    local[i] = scratch.back().get();
  }
  // A kernel's long body counts the CPU time it computed, as instrumented
  // runs time long kernels: its wall time holds what other processes took
  // of its core (a steering body of 4 ms was charged 8 under ctest -j2). A
  // short one counts its wall time, which the CPU clock's reads (system
  // calls) would outweigh; they lie outside it. A control body's time is
  // not charged (its bursts are).
  const double cpu_start = control ? 0 : clock_seconds(Clock::ThreadCpu);
  const double start = backend_->wallclock();
  {
    std::optional<KernelAllocations> uncounted;
    if (allocations_uncounted(*t)) uncounted.emplace();
    if (control) {
      ProgramCall program(reinterpret_cast<const void*>(fn));
      fn(local.begin(), t->arg);
    } else {
      if (g_switch_rank_images) resume_rank_image();  // the body reaches its rank's variables
      fn(local.begin(), t->arg);
    }
  }
  const double wall = backend_->wallclock() - start;
  if (control || wall < kShortInterval) return wall;
  return std::max(0.0, clock_seconds(Clock::ThreadCpu) - cpu_start - clock_overhead(Clock::ThreadCpu));
}

// The records' params column: "NB=960;MB=1920", or "" without parameters.
// std::to_chars writes the shortest text that reads back as the same double,
// without snprintf's format parsing and locale: this runs on a worker per
// task.
std::string Runtime::format_params(const Task& t) {
  return format_params(*t.codelet, t.params.begin(), t.params.size());
}

std::string Runtime::format_params(const hcc_codelet& codelet, const double* values, size_t n) {
  std::string params;
  char buf[32];
  for (size_t i = 0; i < n; ++i) {
    const char* name =
        (codelet.param_names && static_cast<int>(i) < codelet.nparams) ? codelet.param_names[i] : nullptr;
    if (!params.empty()) params += ';';
    if (name) params += name;
    else params += "p" + std::to_string(i);
    params += '=';
    params.append(buf, std::to_chars(buf, buf + sizeof buf, values[i]).ptr);
  }
  return params;
}

// Keeps the task's record for the records CSV and the traces, in the
// worker's own list (no lock: a lock per task that every worker took was
// most of an instrumented fine-grained run's overhead), handed to the
// trace when the workers have stopped.
void Runtime::record(Task* t, int w, double end) {
  std::string params = t->params_text.empty() ? format_params(*t) : std::move(t->params_text);
  workers_[w].records.push_back(TaskRecord{t->id, t->codelet->name, desc(w).arch, w, t->footprint,
                                           t->submit_time, t->start_time, end, std::move(params), t->bytes_in,
                                           t->bytes_out, t->cpu_time, t->weight});
}

namespace {

// The footprint of a task without data run on its creator, as submit's.
uint64_t creator_run_footprint(const hcc_codelet& codelet, const double* params, size_t nparams) {
  return nparams > 0 && keyed_by_work(codelet) ? work_footprint(params[0]) : footprint_of(nullptr, nullptr);
}

}  // namespace

std::optional<double> Runtime::creator_run_model(const hcc_codelet& codelet, const double* params, size_t nparams) {
  if (!simulated_ || (codelet.flags & HCC_CODELET_CONTROL)) return std::nullopt;
  const int w = backend_->self_worker();
  const std::string& arch = w >= 0 ? desc(w).arch : kCpuArch;
  return model_duration(codelet, params, nparams, creator_run_footprint(codelet, params, nparams), codelet.name,
                        arch, config_.sim_model == "histogram");
}

// A task that the layer above ran on its creating thread (runs_on_creator),
// kept as run_task keeps the tasks it runs: its kernel's observation
// (instrumented runs) and its record row. No task was made for it: its row
// has a number of its own, no data and its whole time as the kernel's.
void Runtime::ran_on_creator(const hcc_codelet& codelet, int w, double start, double end, const double* params,
                             size_t nparams, uint32_t weight) {
  const double seconds = std::max(0.0, end - start - (measure_costs_ ? wall_clock_cost_ : 0.0));
  const uint64_t footprint = creator_run_footprint(codelet, params, nparams);
  if (keep_history_) {
    timed_run_of(&codelet, w, seconds);
    record_observation(w, codelet.name, desc(w).arch, footprint, 0, seconds, weight);
  }
  if (!keep_records_) return;
  const uint64_t id = next_task_id_.fetch_add(1, std::memory_order_relaxed);
  workers_[w].records.push_back(TaskRecord{id, codelet.name, desc(w).arch, w, footprint, start, start, end,
                                           format_params(codelet, params, nparams), 0, 0, seconds, weight});
}

void Runtime::creator_run_cost_measured(bool included, double seconds, int intervals) {
  // Each interval holds one reading of the clock.
  const double cost = seconds - intervals * wall_clock_cost_;
  if (seconds <= kLongestCost) record_cost(included ? kIncludedCost : kInlineCost, kCpuArch, std::max(0.0, cost));
}

// A loop's run as a kernel run (rt/omp/loop_kernels.hpp,
// rt/program/loop_nests.cpp): its model observation, whose footprint is its
// work (or its iteration count where the compiler could not count its inner
// loops), and a record row whose parameter hcc-calibrate fits a regression
// over: `work`, else `iterations`. One parameter, not both: in a run at one
// size they grow together, and a regression over iterations alone
// extrapolates a larger grid by its rows only.
void Runtime::record_loop_chunk(const std::string& kernel, double start, double end, double seconds,
                                uint64_t iterations, double work, uint32_t weight) {
  const uint64_t footprint = loop_footprint(iterations, work);
  record_model(kernel, "cpu", footprint, 0, seconds, weight);
  if (!keep_records_) return;
  append_program_record(kernel, start, end, seconds, footprint,
                        work > 0 ? "work=" + std::to_string(footprint) : "iterations=" + std::to_string(iterations),
                        weight);
}

void Runtime::record_program_code(const std::string& kernel, double start, double end, double seconds,
                                  uint64_t iterations) {
  if (!keep_records_) return;
  append_program_record(kernel, start, end, seconds, iterations,
                        iterations ? "iterations=" + std::to_string(iterations) : std::string());
}

void Runtime::append_program_record(const std::string& kernel, double start, double end, double seconds,
                                    uint64_t footprint, std::string params, uint32_t weight) {
  const int w = backend_->self_worker();
  TaskRecord r{0, kernel, "cpu", w, footprint, start, start, end, std::move(params), 0, 0, seconds, weight};
  if (w >= 0) {
    workers_[w].records.push_back(std::move(r));
  } else {
    std::lock_guard<std::mutex> lock(models_mutex_);
    app_records_.push_back(std::move(r));
  }
}

// What a loop run of that many iterations (and that work, when counted)
// costs by its model: the regression over `work` or `iterations` when the
// kernel has one (hcc-calibrate fits one from runs of several sizes), else
// the mean of the runs of that footprint, else the time per unit of the
// closest footprint measured (an instrumented run at one size gives one
// chunk size per thread count); nullopt when the loop has no model.
std::optional<double> Runtime::loop_model(const std::string& kernel, uint64_t iterations, double work) {
  std::lock_guard<std::mutex> lock(models_mutex_);
  try {
    const uint64_t footprint = loop_footprint(iterations, work);
    if (std::optional<double> t =
            regression_over(kernel, "cpu", work > 0 ? "work" : "iterations", static_cast<double>(footprint)))
      return t;
    // HCC_SIM_MODEL=histogram draws each chunk as it draws each task: the
    // chunks of one loop then differ as natively, and a barrier waits for
    // the slowest of them, where the mean would have them end together.
    return scaled_from_closest(kernel, "cpu", footprint, config_.sim_model == "histogram");
  } catch (const models::ModelError& e) {
    fatal(e.what());
  }
}

LoopContention* Runtime::loop_contention(const std::string& kernel) {
  std::lock_guard<std::mutex> lock(models_mutex_);
  try {
    if (models_.entries(kernel, "cpu").empty()) return nullptr;
  } catch (const models::ModelError& e) {
    fatal(e.what());
  }
  return &loop_contention_[kernel];
}

MeasuredChunk Runtime::measured_loop_chunk(const std::string& kernel, const LoopContention& contention,
                                           uint64_t iterations, double work) {
  std::lock_guard<std::mutex> lock(models_mutex_);
  MeasuredChunk chunk;
  chunk.footprint = loop_footprint(iterations, work);
  try {
    const models::FootprintEntry* e = models_.lookup(kernel, "cpu", chunk.footprint);
    if (!e || e->count == 0) return chunk;
    chunk.mean = e->mean;
    chunk.typical = contention.modelled_at(chunk.footprint);
    // The mean of the runs less the outliers among its samples (the first
    // observations): those of a loop's first run, or of its first runs in
    // all when they were fewer than the samples (a later run's are then
    // left in).
    if (chunk.typical < 0)
      chunk.typical = mean_without(e->count, e->mean, outliers_of(e->samples, kOutlier, Median::kLower));
    return chunk;
  } catch (const models::ModelError& e) {
    fatal(e.what());
  }
}

double Runtime::longest_loop_mean(const std::string& kernel) {
  std::lock_guard<std::mutex> lock(models_mutex_);
  try {
    double longest = 0;
    for (const auto& [footprint, e] : models_.entries(kernel, "cpu"))
      if (e.count > 0) longest = std::max(longest, e.mean);
    return longest;
  } catch (const models::ModelError& e) {
    fatal(e.what());
  }
}

// The model of a run of kernel whose footprint is its work: the mean (or,
// with sample, a draw) of the runs of that footprint, else the time per unit
// of work of the closest footprint measured; nullopt when it has no model
// (models_mutex_ held).
std::optional<double> Runtime::scaled_from_closest(const std::string& kernel, const std::string& arch,
                                                   uint64_t footprint, bool sample) {
  const std::map<uint64_t, models::FootprintEntry>& sizes = models_.entries(kernel, arch);
  auto closest = sizes.end();
  for (auto it = sizes.begin(); it != sizes.end(); ++it) {
    if (it->second.count == 0 || it->first == 0) continue;
    const auto distance = [footprint](uint64_t n) { return n > footprint ? n - footprint : footprint - n; };
    if (closest == sizes.end() || distance(it->first) < distance(closest->first)) closest = it;
  }
  if (closest == sizes.end()) return std::nullopt;
  const models::FootprintEntry& e = closest->second;
  const double seconds = sample ? e.draw(rng_) : e.mean;
  if (closest->first == footprint) return seconds;
  return std::min(models::kMaxKernelSeconds,
                  seconds * static_cast<double>(footprint) / static_cast<double>(closest->first));
}

// The kernel's regression on arch at param = value, when it has one over
// that parameter alone (models_mutex_ held).
std::optional<double> Runtime::regression_over(const std::string& kernel, const std::string& arch,
                                               const std::string& param, double value) {
  const models::RegressionFit* fit = models_.regression(kernel, arch);
  if (!fit) return std::nullopt;
  for (const models::Term& term : fit->terms)
    for (const auto& [name, exponent] : term.factors)
      if (name != param) return std::nullopt;
  return std::clamp(models::evaluate(*fit, {{param, value}}), 0.0, models::kMaxKernelSeconds);
}

// The duration of task t from the models of kernel (the task's, or its
// first-run model): the regression over the task's parameters when the
// kernel has one and the task carries all its parameters, else the
// footprint's mean (or, with sample, a draw from its histogram), else, for
// a task keyed by its work, the closest footprint's scaled; nullopt when
// there is no model.
std::optional<double> Runtime::model_duration(const hcc_codelet& cl, const double* params, size_t nparams,
                                              uint64_t footprint, const std::string& kernel,
                                              const std::string& arch, bool sample) {
  std::lock_guard<std::mutex> lock(models_mutex_);
  const std::optional<double> d = model_duration_unchecked(cl, params, nparams, footprint, kernel, arch, sample);
  // A model file's own values are checked when it is read, but a regression
  // can still predict more than SimGrid's clock can pass.
  if (d && !(*d <= models::kMaxKernelSeconds)) {
    std::ostringstream what;
    what << "model file " << models::model_file_path(models_.dir(), kernel, arch).string()
         << ": the model of kernel '" << kernel << "' on " << arch << " gives " << *d
         << " s for a task (more than " << models::kMaxKernelSeconds
         << " s): recalibrate it or fix the file";
    fatal(what.str());
  }
  return d;
}

std::optional<double> Runtime::model_duration_unchecked(const hcc_codelet& cl, const double* params, size_t nparams,
                                                        uint64_t footprint, const std::string& kernel,
                                                        const std::string& arch, bool sample) {
  try {
    if (nparams > 0 && cl.param_names) {
      if (const models::RegressionFit* fit = models_.regression(kernel, arch)) {
        std::map<std::string, double> named;
        for (size_t i = 0; i < nparams && static_cast<int>(i) < cl.nparams; ++i) named[cl.param_names[i]] = params[i];
        bool complete = true;
        for (const models::Term& term : fit->terms)
          for (const auto& [name, exponent] : term.factors) complete &= named.count(name) > 0;
        if (complete) return std::max(0.0, models::evaluate(*fit, named));
      }
    }
    // A task keyed by its work at a footprint no run measured: as a loop's.
    const models::FootprintEntry* e = models_.lookup(kernel, arch, footprint);
    if ((!e || e->count == 0) && keyed_by_work(cl) && footprint > 0)
      return scaled_from_closest(kernel, arch, footprint, sample);
    if (!e || e->count == 0) return std::nullopt;
    return sample ? e->draw(rng_) : e->mean;
  } catch (const models::ModelError& e) {
    fatal(e.what());
  }
}

}  // namespace hcc::rt
