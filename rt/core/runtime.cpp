#include "runtime.hpp"
#include "sampling.hpp"

#include <algorithm>
#include <atomic>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include <unistd.h>

#include "fatal.hpp"
#include "locked.hpp"
#include "ranks.hpp"
#include "replayed_kernels.hpp"

namespace hcc::rt {

namespace {
std::atomic<uint64_t> g_runtimes{0};
}

Runtime::Runtime(Config config, std::unique_ptr<Backend> backend)
    : id_(++g_runtimes),
      rank_(current_rank()),
      config_(std::move(config)),
      backend_(std::move(backend)),
      simulated_(backend_->simulated()),
      models_(config_.model_dir),
      rng_(config_.seed) {}

Runtime::~Runtime() { detach_program_memory(this); }

hcc_mode Runtime::mode() const {
  if (simulated_) return HCC_MODE_SIMULATE;
  return config_.instrument ? HCC_MODE_INSTRUMENT : HCC_MODE_NATIVE;
}

void Runtime::start() {
  const Machine& m = backend_->machine();
  scheduler_ = make_scheduler(config_.scheduler, *this);
  std::vector<WorkerInfo> infos;
  nworkers_ = static_cast<int>(m.workers.size());
  const int cpus = static_cast<int>(std::count_if(m.workers.begin(), m.workers.end(),
                                                  [](const WorkerDesc& d) { return d.arch == "cpu"; }));
  thread_limit_ = config_.thread_limit.value_or(kMaxWorkers);
  worker_capacity_ = nworkers_ + std::max(0, thread_limit_ - cpus);
  workers_.init(nworkers_, worker_capacity_);
  for (const WorkerDesc& d : m.workers)
    if (d.arch == "cpu") {
      team_desc_ = d;
      team_desc_.name = "team";
      team_desc_.control_only = false;
      break;
    }
  for (size_t i = 0; i < m.workers.size(); ++i) {
    infos.push_back({static_cast<int>(i), m.workers[i].name, m.workers[i].arch, m.workers[i].node});
    const bool cpu = m.workers[i].arch == "cpu";
    workers_[i].waiter = backend_->make_waiter();
    workers_[i].cpu = cpu;
    workers_[i].control_only = m.workers[i].control_only;
    (cpu ? has_cpu_workers_ : has_cuda_workers_) = true;
  }
  single_node_ = m.nodes.size() == 1;
  trace_ = std::make_unique<TraceRecorder>(std::move(infos), static_cast<int>(m.nodes.size()));
  std::vector<std::string> node_names;
  for (const MemoryNodeDesc& n : m.nodes) node_names.push_back(n.name);
  trace_->set_node_names(std::move(node_names));
  node_used_.assign(m.nodes.size(), 0);
  node_lru_.resize(m.nodes.size());
  app_waiter_ = backend_->make_waiter();
  if (config_.max_submitted > 0)  // a blocked submitter resumes once a quarter of the window has drained
    resume_submitting_ = config_.max_submitted - std::max(1, config_.max_submitted / 4);
  // Records of a million tasks are worth keeping only when written.
  keep_records_ = !records_path().empty() || !config_.trace_paje.empty() || !config_.trace_chrome.empty();
  // The ranks of a simulation show one progress line for all (sim_ranks.cpp).
  show_progress_ = isatty(STDERR_FILENO) != 0 && !rank_.simulated_ranks;
  // Native kernel durations feed the models saved by instrumented runs and
  // the estimates of model-based schedulers.
  const bool places_by_models = config_.scheduler == "dmda" || config_.scheduler == "dmdas";
  keep_history_ = mode() == HCC_MODE_INSTRUMENT || places_by_models;
  // Workers hand their observations to the models a batch at a time, but
  // where the scheduler places tasks by the models as they learn.
  batch_observations_ = !places_by_models;
  measure_costs_ = mode() == HCC_MODE_INSTRUMENT;
  // A trace shows every task; dmda and dmdas learn from every run.
  sample_events_ = measure_costs_ && config_.instrument_sampling && !places_by_models &&
                   config_.trace_paje.empty() && config_.trace_chrome.empty();
  // A task's parameters feed its record and the models' estimates: a native
  // run without either does not copy them (a cache line per task).
  keep_params_ = keep_records_ || keep_history_ || simulated_;
  if (measure_costs_) {
    cpu_clock_cost_ = cpu_clock_read_cost();
    wall_clock_cost_ = wall_clock_read_cost();
  }
  if (simulated_) load_runtime_costs();
  if (measure_costs_ && !simulated_) start_burst_samples();
  backend_->start_workers([this](int w) { worker_loop(w); });
  attach_program_memory(this);
}

void Runtime::WorkerTable::init(int machine_workers, int capacity) {
  machine_ = std::make_unique<Worker[]>(machine_workers);
  slots_ = std::make_unique<Worker*[]>(capacity);
  for (int w = 0; w < machine_workers; ++w) slots_[w] = &machine_[w];
}

Runtime::Worker& Runtime::WorkerTable::add(int w) {
  added_.push_back(std::make_unique<Worker>());
  slots_[w] = added_.back().get();
  return *slots_[w];
}

const WorkerDesc& Runtime::desc(int w) const {
  return w < nworkers_ ? machine().workers[w] : team_desc_;
}

int Runtime::add_team_worker() {
  const int added = nteam_workers_.load();
  const int w = nworkers_ + added;
  if (team_desc_.arch.empty() || w >= worker_capacity_) return -1;  // thread_limit_ CPU workers already
  Worker& k = workers_.add(w);
  k.waiter = backend_->make_waiter();
  // Charged as the CPU workers are (simulation).
  for (int i = 0; i < nworkers_; ++i)
    if (workers_[i].cpu) {
      k.task_cost = workers_[i].task_cost;
      k.task_start_cost = workers_[i].task_start_cost;
      k.task_cost_split = workers_[i].task_cost_split;
      k.wake_latency = workers_[i].wake_latency;
      break;
    }
  nteam_workers_.store(added + 1);
  backend_->start_worker(w, [this](int i) { worker_loop(i); });
  return w;
}

void Runtime::program_memory_changed(uint64_t bytes_in_use) { trace_->program_memory(backend_->now(), bytes_in_use); }

// The logs' clock and a native run's are both the monotonic clock: one offset.
void Runtime::program_memory_replayed(const std::vector<HeapSample>& curve) {
  if (curve.empty()) return;
  const double offset = backend_->now() - heap_clock();
  std::vector<std::pair<double, uint64_t>> samples;
  samples.reserve(curve.size());
  for (const HeapSample& s : curve) samples.emplace_back(s.time + offset, s.bytes);
  trace_->replay_program_memory(samples);
}

void Runtime::shutdown() {
  wait_all(/*program_wait=*/false);
  stopping_.store(true);
  const int all = nworkers_ + nteam_workers_.load();
  for (int w = 0; w < all; ++w) workers_[w].waiter->notify();
  backend_->join_workers();
  stop_burst_samples();
  // After the join: each worker wrote the end of its last task when it
  // found no other (next_task).
  double makespan = at_once_end_.load();
  for (int w = 0; w < nworkers_; ++w) makespan = std::max(makespan, workers_[w].last_end.load());
  // A program that ran no task and no region (sequential code, simulated
  // on a platform of faster cores): its own end, not 0.
  if (makespan == 0) makespan = backend_->now();
  for (int w = 0; w < all; ++w) {
    for (TaskRecord& r : workers_[w].records) trace_->task(std::move(r));
    workers_[w].records.clear();
    flush_observations(workers_[w].observations);
  }
  for (TaskRecord& r : app_records_) trace_->task(std::move(r));
  app_records_.clear();
  drop_scope(app_deps_);
  auto release_replicas = [this](Handle* h) {
    for (size_t n = 1; n < h->replicas.size(); ++n)
      if (h->replicas[n].allocated) backend_->release(static_cast<int>(n), h->replicas[n].ptr, h->size);
  };
  for (Handle* h : retired_handles_) {
    release_replicas(h);
    delete h;
  }
  retired_handles_.clear();
  for (auto& [addr, h] : handles_) {
    release_replicas(h);
    delete h;
  }
  handles_.clear();
  detach_program_memory(this);  // the outputs below read the memory samples

  // Each output is written on its own: one that fails (unwritable path) is
  // reported and does not prevent the others, and the process then exits 1.
  bool output_failed = false;
  auto attempt = [&output_failed](auto&& output) {
    try {
      output();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "hccsim: error: %s\n", e.what());
      output_failed = true;
    }
  };
  auto write = [&attempt](const std::string& path, auto&& writer) {
    if (path.empty()) return;
    attempt([&] {
      const auto parent = std::filesystem::path(path).parent_path();
      if (!parent.empty()) std::filesystem::create_directories(parent);
      writer(path);
    });
  };
  write(records_path(), [this](const std::string& p) { trace_->write_records_csv(p); });
  write(path_for_rank(config_.trace_paje, rank_), [this](const std::string& p) { trace_->write_paje(p); });
  write(path_for_rank(config_.trace_chrome, rank_), [this](const std::string& p) { trace_->write_chrome(p); });
  write(path_for_rank(config_.memory_csv, rank_), [this](const std::string& p) { trace_->write_memory_csv(p); });
  if (mode() == HCC_MODE_INSTRUMENT) attempt([this] { models_.save(); });
  if (progress_shown_) std::fputc('\n', stderr);
  if (rank_.simulated_ranks) {
    // The simulation prints one summary for all its ranks (sim_ranks.cpp).
    rank_.summary = RankSummary{completed(), worker_count(), trace_->peak_memory_total()};
    if (output_failed) std::_Exit(1);
    return;
  }
  std::string bursts;
  if (simulated_) {
    sampling_report();
    char text[48];
    std::snprintf(text, sizeof text, " bursts=%.6f", rank_.burst_seconds);
    bursts = text;
  }
  report_folded_allocations();
  report_replayed_kernels();
  static const char* const names[] = {"native", "instrument", "simulate"};
  // An MPI process says which rank it is; each prints its own summary.
  std::string ranks;
  if (rank_.mpi) ranks = " rank=" + std::to_string(rank_.index) + " ranks=" + std::to_string(rank_.count);
  std::fprintf(stderr,
               "hccsim: mode=%s makespan=%.6f tasks=%" PRIu64 " workers=%d peak_mem=%" PRIu64 "%s%s\n",
               names[mode()], makespan, completed(), worker_count(), trace_->peak_memory_total(), ranks.c_str(),
               bursts.c_str());
  std::fflush(nullptr);
  // The program's own exit status would say it succeeded: it did not
  // produce what it was asked to.
  if (output_failed) std::_Exit(1);
}

std::string Runtime::records_path() const {
  if (config_.records.empty() && mode() == HCC_MODE_INSTRUMENT) return path_for_rank("hcc-records.csv", rank_);
  return path_for_rank(config_.records, rank_);
}

// ---- Data -------------------------------------------------------------------

Handle* Runtime::register_data(void* addr, uint64_t size) {
  Locked lock(*backend_);
  auto it = handles_.find(addr);
  if (it != handles_.end()) {
    if (it->second->size != size)
      throw std::invalid_argument("hcc_data_register: address already registered with size " +
                                  std::to_string(it->second->size) + ", not " + std::to_string(size));
    return it->second;
  }
  Handle* h = new_handle(addr, size);
  handles_.emplace(addr, h);
  return h;
}

// A handle whose only copy is the bytes at addr, in main memory.
Handle* Runtime::new_handle(void* addr, uint64_t size) {
  auto* h = new Handle;
  h->addr = addr;
  h->size = size;
  h->replicas.resize(machine().nodes.size());
  h->replicas[0].allocated = true;
  h->replicas[0].version = h->version;
  h->replicas[0].ptr = addr;
  return h;
}

Handle* Runtime::lookup(const void* addr) {
  Locked lock(*backend_);
  auto it = handles_.find(addr);
  return it == handles_.end() ? nullptr : it->second;
}

void Runtime::unregister_data(Handle* h) {
  wait_handle(h);
  Locked lock(*backend_);
  if (!h->valid(0)) fetch(h, 0, backend_->self_worker());
  for (size_t n = 1; n < h->replicas.size(); ++n) {
    // A worker may be evicting this replica to make room for other tasks.
    Replica& r = h->replicas[n];
    while (r.busy > 0 || r.fetching) block_locked([&r] { return r.busy == 0 && !r.fetching; });
    if (r.allocated) evict(h, static_cast<int>(n), backend_->self_worker());
  }
  if (h->written_elsewhere)
    written_elsewhere_.erase(std::find(written_elsewhere_.begin(), written_elsewhere_.end(), h));
  handles_.erase(h->addr);
  delete h;
}

void* Runtime::host_allocate(uint64_t bytes) {
  void* p = backend_->host_allocate(bytes);
  if (!p) return nullptr;
  Locked lock(*backend_);
  host_allocations_[p] = bytes;
  account(0, static_cast<int64_t>(bytes));
  return p;
}

void Runtime::host_release(void* ptr) {
  if (!ptr) return;
  uint64_t bytes;
  {
    Locked lock(*backend_);
    auto it = host_allocations_.find(ptr);
    if (it == host_allocations_.end()) fatal("hcc_free: pointer was not returned by hcc_malloc");
    bytes = it->second;
    host_allocations_.erase(it);
    account(0, -static_cast<int64_t>(bytes));
  }
  backend_->host_release(ptr, bytes);
}

}  // namespace hcc::rt
