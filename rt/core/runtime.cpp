#include "runtime.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include <unistd.h>

#include "fatal.hpp"
#include "locked.hpp"

namespace hcc::rt {
namespace {

// FNV-1a over the sizes of the accessed data, as StarPU's footprints: tasks of
// one kernel on data of the same shape share a model entry.
uint64_t footprint_of(const SmallVector<Access, 4>& accesses) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (const Access& a : accesses) {
    uint64_t s = a.handle->size;
    for (int i = 0; i < 8; ++i) {
      h ^= (s >> (8 * i)) & 0xff;
      h *= 0x100000001b3ull;
    }
  }
  return h;
}

// Accesses of one task to the same handle count once for dependencies, with
// the union of their modes. Empty when the task has no repeated handle (the
// common case, which then needs no copy).
std::vector<Access> merged_if_repeated(const SmallVector<Access, 4>& accesses) {
  bool repeated = false;
  for (size_t i = 0; i < accesses.size() && !repeated; ++i)
    for (size_t j = 0; j < i && !repeated; ++j) repeated = accesses[i].handle == accesses[j].handle;
  if (!repeated) return {};
  std::vector<Access> merged;
  for (const Access& a : accesses) {
    auto it = std::find_if(merged.begin(), merged.end(),
                           [&](const Access& m) { return m.handle == a.handle; });
    if (it == merged.end()) merged.push_back(a);
    else if (it->mode != a.mode) it->mode = HCC_RW;
  }
  return merged;
}

// The runtime's own CPU work, kept in the model directory like a kernel's
// (footprint 0) so that instrumented runs measure it on this machine and
// simulations charge it as CPU work that competes with the kernels for the
// simulated cores (seed 000 §5 charges the runtime's operations too): the
// application thread's CPU time per submission (the hcc_submit and the
// application's own code since the previous one, which a simulation runs but
// does not time: without it, simulated workers never waited for a task being
// submitted, where native ones were idle 40 ms of a 2-D multifrontal's first
// 50), and a worker's CPU time between two kernels it runs back to back
// (completion, scheduling, data).
// The latency of waking an idle worker is measured and charged too, as time
// (the sleeping thread uses no CPU meanwhile).
constexpr const char* kSubmitCost = "hcc.submit";
constexpr const char* kTaskCost = "hcc.task";
constexpr const char* kWakeCost = "hcc.wakeup";

// Tasks are allocated this many at a time, and a submitting thread takes
// them from the shared free list this many at a time.
constexpr size_t kTaskSlab = 256;
constexpr size_t kTaskBatch = 32;

}  // namespace

AccessKind access_kind(int mode) {
  switch (mode) {
    case HCC_R: return AccessKind::Read;
    case HCC_INOUTSET: return AccessKind::InoutSet;
    case HCC_COMMUTE: return AccessKind::Commute;
    default: return AccessKind::Write;
  }
}

namespace {
std::atomic<uint64_t> g_runtimes{0};
}

Runtime::Runtime(Config config, std::unique_ptr<Backend> backend)
    : id_(++g_runtimes),
      config_(std::move(config)),
      backend_(std::move(backend)),
      models_(config_.model_dir),
      rng_(config_.seed) {}

Runtime::~Runtime() = default;

hcc_mode Runtime::mode() const {
  if (backend_->simulated()) return HCC_MODE_SIMULATE;
  return config_.instrument ? HCC_MODE_INSTRUMENT : HCC_MODE_NATIVE;
}

void Runtime::start() {
  const Machine& m = backend_->machine();
  scheduler_ = make_scheduler(config_.scheduler, *this);
  std::vector<WorkerInfo> infos;
  for (size_t i = 0; i < m.workers.size(); ++i) {
    infos.push_back({static_cast<int>(i), m.workers[i].name, m.workers[i].arch, m.workers[i].node});
    const bool cpu = m.workers[i].arch == "cpu";
    workers_.push_back(Worker{backend_->make_waiter(), cpu});
    (cpu ? has_cpu_workers_ : has_cuda_workers_) = true;
  }
  trace_ = std::make_unique<TraceRecorder>(std::move(infos), static_cast<int>(m.nodes.size()));
  node_used_.assign(m.nodes.size(), 0);
  node_lru_.resize(m.nodes.size());
  app_waiter_ = backend_->make_waiter();
  task_caches_.resize(m.workers.size());
  // Records of a million tasks are worth keeping only when written.
  keep_records_ = !records_path().empty() || !config_.trace_paje.empty() || !config_.trace_chrome.empty();
  show_progress_ = isatty(STDERR_FILENO) != 0;
  // Native kernel durations feed the models saved by instrumented runs and
  // the estimates of model-based schedulers.
  keep_history_ = mode() == HCC_MODE_INSTRUMENT || config_.scheduler == "dmda" || config_.scheduler == "dmdas";
  measure_costs_ = mode() == HCC_MODE_INSTRUMENT;
  if (measure_costs_) cpu_clock_cost_ = cpu_clock_read_cost();
  if (backend_->simulated()) load_runtime_costs();
  backend_->start_workers([this](int w) { worker_loop(w); });
}

void Runtime::shutdown() {
  wait_all();
  double makespan;
  {
    Locked lock(*backend_);
    makespan = last_end_;
    stopping_ = true;
    for (Worker& w : workers_) w.waiter->notify();
  }
  backend_->join_workers();
  {
    Locked lock(*backend_);
    drop_scope(app_deps_);
  }
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
    for (Task* t : h->segment) release(t);
    for (Task* t : h->segment_preds) release(t);
    delete h;
  }
  handles_.clear();

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
  write(config_.trace_paje, [this](const std::string& p) { trace_->write_paje(p); });
  write(config_.trace_chrome, [this](const std::string& p) { trace_->write_chrome(p); });
  write(config_.memory_csv, [this](const std::string& p) { trace_->write_memory_csv(p); });
  if (mode() == HCC_MODE_INSTRUMENT) attempt([this] { models_.save(); });
  if (progress_shown_) std::fputc('\n', stderr);
  static const char* const names[] = {"native", "instrument", "simulate"};
  std::fprintf(stderr,
               "hccsim: mode=%s makespan=%.6f tasks=%" PRIu64 " workers=%d peak_mem=%" PRIu64 "\n",
               names[mode()], makespan, completed_, worker_count(), trace_->peak_memory_total());
  std::fflush(nullptr);
  // The program's own exit status would say it succeeded: it did not
  // produce what it was asked to.
  if (output_failed) std::_Exit(1);
}

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

// CPU seconds of the calling thread since the read that gave start.
double Runtime::cpu_since(double start) { return cpu_between(start, backend_->thread_cpu_time()); }

// Runtime costs measured by earlier instrumented runs, if the model
// directory has them; none (zero) otherwise, as before they existed.
void Runtime::load_runtime_costs() {
  try {
    submit_cost_ = models_.mean(kSubmitCost, "cpu", 0).value_or(0);
    for (size_t i = 0; i < workers_.size(); ++i) {
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
  try {
    models_.record(kernel, arch, footprint, bytes, seconds);
  } catch (const models::ModelError& e) {
    fatal(e.what());
  } catch (const std::invalid_argument& e) {
    fatal("kernel '" + kernel + "': " + e.what());
  }
}

std::string Runtime::records_path() const {
  if (config_.records.empty() && mode() == HCC_MODE_INSTRUMENT) return "hcc-records.csv";
  return config_.records;
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
    while (r.busy > 0 || r.fetching) block_until([&r] { return r.busy == 0 && !r.fetching; }, false);
    if (r.allocated) evict(h, static_cast<int>(n), backend_->self_worker());
  }
  for (Task* t : h->segment) release(t);
  for (Task* t : h->segment_preds) release(t);
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

// ---- Submission and dependencies -------------------------------------------

void Runtime::submit(const hcc_task_desc& d) { submit(d, TaskOptions{}); }

Task* Runtime::submit(const hcc_task_desc& d, const TaskOptions& options) {
  const int self = backend_->self_worker();
  // A task submitting tasks is timed from here; the application thread from
  // the end of its previous submission (app_cpu_mark_).
  const double cpu_at_entry = measure_costs_ && self >= 0 ? backend_->thread_cpu_time() : 0;
  const hcc_codelet* cl = d.codelet;
  if (!cl || !cl->name) throw std::invalid_argument("hcc_submit: task without a named codelet");
  if (!cl->cpu && !cl->cuda)
    throw std::invalid_argument(std::string("hcc_submit: codelet '") + cl->name +
                                "' has neither a cpu nor a cuda implementation");
  if (d.naccesses < 0 || (d.naccesses > 0 && !d.accesses))
    throw std::invalid_argument(std::string("hcc_submit: codelet '") + cl->name + "': bad access list");
  for (int i = 0; i < d.naccesses; ++i) {
    int m = d.accesses[i].mode;
    if (!d.accesses[i].handle)
      throw std::invalid_argument(std::string("hcc_submit: codelet '") + cl->name + "': access " +
                                  std::to_string(i) + " has no handle");
    if (m != HCC_R && m != HCC_W && m != HCC_RW && m != HCC_INOUTSET && m != HCC_COMMUTE)
      throw std::invalid_argument(std::string("hcc_submit: codelet '") + cl->name + "': access " +
                                  std::to_string(i) + " has invalid mode " + std::to_string(m));
  }
  if (d.nparams < 0 || (d.nparams > 0 && !d.params))
    throw std::invalid_argument(std::string("hcc_submit: codelet '") + cl->name + "': bad parameter list");

  if (!(cl->cpu && has_cpu_workers_) && !(cl->cuda && has_cuda_workers_))
    throw std::invalid_argument(std::string("hcc_submit: no worker of this machine can run codelet '") +
                                cl->name + "'");

  // The task is filled in before taking the lock, so that workers wait less
  // for it while the application submits.
  Task* t = new_task(self);
  t->codelet = cl;
  t->priority = d.priority;
  if (d.arg_size > sizeof t->inline_arg) {
    t->arg = std::malloc(d.arg_size);
    std::memcpy(t->arg, d.arg, d.arg_size);
    t->owns_arg = true;
  } else if (d.arg_size > 0) {
    std::memcpy(t->inline_arg, d.arg, d.arg_size);
    t->arg = t->inline_arg;
  } else {
    t->arg = d.arg;
  }
  for (int i = 0; i < d.naccesses; ++i) {
    Access a{reinterpret_cast<Handle*>(d.accesses[i].handle), d.accesses[i].mode};
    t->accesses.push_back(a);
    if (reads(a.mode)) t->bytes_in += a.handle->size;
    if (writes(a.mode)) t->bytes_out += a.handle->size;
    if (exclusive(a.mode)) t->has_commute = true;
  }
  if (d.params && d.nparams > 0) t->params.assign(d.params, d.params + d.nparams);
  t->mem_alloc = d.mem_alloc;
  t->mem_free = d.mem_free;
  t->footprint = footprint_of(t->accesses);
  if (d.naccesses > 1) t->merged = merged_if_repeated(t->accesses);
  t->group = reinterpret_cast<Group*>(d.group);
  t->region = options.region;
  t->pinned_worker = options.pinned_worker;
  t->implicit = options.implicit;
  t->detached = options.detached;
  t->finished = options.finished;

  {
    Locked lock(*backend_);
    enqueue(t, self);  // may block the application (HCC_MAX_SUBMITTED): app_cpu_mark_ is then unset
    if (measure_costs_) {
      const double since = self >= 0 ? cpu_at_entry : app_cpu_mark_;
      const double now = backend_->thread_cpu_time();
      if (since >= 0) record_model(kSubmitCost, "cpu", 0, 0, cpu_between(since, now));
      if (self < 0) app_cpu_mark_ = now;
    }
  }
  backend_->compute(submit_cost_);
  return t;
}

// Numbers a filled-in task, places it in its groups and the task graph, and
// makes it ready when it depends on nothing.
void Runtime::enqueue(Task* t, int self) {
  if (config_.max_submitted > 0 && self < 0 && inflight_ >= config_.max_submitted) {
    // Resumes once a quarter of the window has drained, not at every task.
    const int resume = config_.max_submitted - std::max(1, config_.max_submitted / 4);
    block_until([this, resume] { return inflight_ <= resume; }, true);
  }
  t->id = next_task_id_++;
  if (keep_records_) t->submit_time = backend_->now();  // a clock read costs as much as a small task
  t->parent = self >= 0 ? workers_[self].current : nullptr;
  // An explicit group, else the taskgroup open where it is submitted, else
  // the submitting task's group.
  Group* open = t->parent ? t->parent->taskgroup : (self < 0 ? app_taskgroup_ : nullptr);
  if (!t->group) t->group = open ? open : (t->parent ? t->parent->group : nullptr);
  if (t->group) t->group->pending++;
  if (!t->region && t->parent) t->region = t->parent->region;
  if (t->region && !t->implicit) t->region->pending++;
  if (t->parent) {
    t->parent->pending_children++;
    t->parent->refs++;
  }
  inflight_++;
  t->pending_deps = 1;  // held until all dependencies are in place
  add_dependencies(t);
  if (--t->pending_deps == 0) make_ready(t, self);
}

void Runtime::add_dependencies(Task* t) {
  for (const Access* a = t->dependencies_begin(); a != t->dependencies_end(); ++a) {
    Handle* h = a->handle;
    h->inflight++;
    const AccessKind kind = access_kind(a->mode);
    if (!h->segment.empty() && kind == h->segment_kind && kind != AccessKind::Write) {
      // Joins the current set: same predecessors, no order among members.
      for (Task* p : h->segment_preds) depend_on(t, p);
    } else {
      // Starts a new segment ordered after every member of the current one.
      for (Task* p : h->segment) depend_on(t, p);
      for (Task* p : h->segment_preds) release(p);
      h->segment_preds.clear();
      // Finished tasks order nothing any more: only unfinished ones are kept
      // as the predecessors of the new segment.
      for (Task* p : h->segment) {
        if (p->done) release(p);
        else h->segment_preds.push_back(p);
      }
      h->segment.clear();
      h->segment_kind = kind;
    }
    h->segment.push_back(t);
    t->refs++;
  }
}

void Runtime::drop_finished(Handle* h) {
  for (auto* members : {&h->segment, &h->segment_preds}) {
    size_t kept = 0;
    for (Task* m : *members) {
      if (m->done) release(m);
      else (*members)[kept++] = m;
    }
    members->resize(kept);
  }
  h->finished_members = 0;
}

void Runtime::depend_on(Task* t, Task* pred) {
  if (pred == t || pred->done) return;
  pred->successors.push_back(t);
  t->pending_deps++;
}

// Tasks come from slabs and are recycled with the capacity of their lists, so
// that a steady stream of tasks allocates nothing. The memory of the largest
// number of tasks alive at once is kept until the runtime ends.
Task* Runtime::new_task(int self) {
  // Application threads (any number of them) each keep their own cache; one
  // left from an earlier runtime is dropped with that runtime's slabs.
  struct ThreadCache {
    uint64_t runtime = 0;
    std::vector<Task*> tasks;
  };
  thread_local ThreadCache app;
  if (self < 0 && app.runtime != id_) {
    app.tasks.clear();
    app.runtime = id_;
  }
  std::vector<Task*>& cache = self >= 0 ? task_caches_[self] : app.tasks;
  if (cache.empty()) {
    Locked lock(*backend_);
    if (free_tasks_.size() < kTaskBatch) {
      task_slabs_.push_back(std::make_unique<Task[]>(kTaskSlab));
      for (size_t i = kTaskSlab; i-- > 0;) free_tasks_.push_back(&task_slabs_.back()[i]);
    }
    cache.assign(free_tasks_.end() - kTaskBatch, free_tasks_.end());
    free_tasks_.resize(free_tasks_.size() - kTaskBatch);
  }
  Task* t = cache.back();
  cache.pop_back();
  return t;
}

void Runtime::release(Task* t) {
  if (--t->refs > 0) return;
  if (t->owns_arg) std::free(t->arg);
  // Its children have completed (each held a reference): their
  // dependencies order nothing any more.
  if (t->children_deps) drop_scope(*t->children_deps);
  t->reset();
  free_tasks_.push_back(t);
}

void Runtime::make_ready(Task* t, int by_worker) {
  t->ready_by = by_worker;
  if (t->pinned_worker >= 0) {
    workers_[t->pinned_worker].pinned = t;
    if (workers_[t->pinned_worker].idle) wake(t->pinned_worker);
    return;
  }
  const int w = scheduler_->push(t);
  // A scheduler that queues the task for w alone gives it to w whatever w
  // waits for (Runtime::can_take).
  if (w >= 0 && workers_[w].idle && (can_take(*t, w) || !scheduler_->shares_tasks())) {
    wake(w);
    return;
  }
  if (w >= 0 && !scheduler_->shares_tasks()) return;
  for (int i = 0; i < worker_count(); ++i) {
    if (workers_[i].idle && can_take(*t, i)) {
      wake(i);
      return;
    }
  }
}

// Wakes an idle worker for a ready task.
void Runtime::wake(int w) {
  workers_[w].idle = false;
  workers_[w].woken_for_task = true;
  if (measure_costs_) workers_[w].notified_at = backend_->now();
  workers_[w].waiter->notify();
}

bool Runtime::can_run(const Task& t, int worker) const {
  return workers_[worker].cpu ? t.codelet->cpu != nullptr : t.codelet->cuda != nullptr;
}

bool Runtime::can_take(const Task& t, int worker) const {
  if (!can_run(t, worker)) return false;
  // OpenMP's task scheduling constraint: a worker waiting inside a task
  // (taskwait, taskgroup) runs only that task's descendants meanwhile. It
  // can always run its own children, so it never waits for nothing, and
  // tasks nest on its stack no deeper than the task tree. (dmda and dmdas
  // queue a task for one worker, which takes it whatever it waits for.)
  const Task* waiting = workers_[worker].current;
  return !waiting || waiting->implicit || descends_from(t, *waiting);
}

// Whether t descends from the running task a. Ancestors that completed may
// have been recycled: ids decrease from a child to its parent, so a link
// to a recycled task ends the walk.
bool Runtime::descends_from(const Task& t, const Task& a) {
  uint64_t below = t.id;
  for (const Task* p = t.parent; p && p->id < below && p->id >= a.id; p = p->parent) {
    if (p == &a) return true;
    below = p->id;
  }
  return false;
}

// ---- Workers ------------------------------------------------------------------

void Runtime::worker_loop(int w) {
  Locked lock(*backend_);
  for (;;) {
    if (Task* t = next_task(w)) {
      run_task(t, w);
      continue;
    }
    if (stopping_) break;
    wait_idle(w);
  }
}

// Waits, idle, until a ready task wakes the worker (make_ready). Natively the
// latency since it was woken is measured (a sleeping thread takes tens of
// microseconds to run again); in simulation, where waking takes no time,
// that latency is charged.
void Runtime::wait_idle(int w) {
  Worker& me = workers_[w];
  me.idle = true;
  me.cpu_after_kernel = -1;  // what follows a wait is not back to back
  me.waiter->wait();
  me.idle = false;
  if (measure_costs_ && me.notified_at >= 0) {
    record_model(kWakeCost, machine().workers[w].arch, 0, 0, backend_->now() - me.notified_at);
    me.notified_at = -1;
  }
  if (me.wake_latency > 0) {
    backend_->unlock();
    backend_->sleep(me.wake_latency);
    backend_->lock();
  }
}

Task* Runtime::next_task(int w) {
  workers_[w].woken_for_task = false;
  // An implicit task starts only on a worker that runs nothing else: one
  // started inside a waiting task would wait at its barrier for that task.
  if (Task* t = workers_[w].pinned; t && !workers_[w].current) {
    workers_[w].pinned = nullptr;
    return t;
  }
  while (Task* t = scheduler_->pop(w)) {
    if (!t->has_commute || take_commute(t)) return t;
  }
  return nullptr;
}

// Accesses that a task must hold alone while it runs: mutexinoutset, and
// inoutset when there are several memory nodes, because two members of a set
// updating copies on two nodes at once would lose one of the updates.
bool Runtime::exclusive(int mode) const {
  return mode == HCC_COMMUTE || (mode == HCC_INOUTSET && machine().nodes.size() > 1);
}

// A task with exclusive accesses runs only while it holds all of them;
// otherwise it waits on the first busy handle and is pushed again on release.
bool Runtime::take_commute(Task* t) {
  for (const Access& a : t->accesses) {
    if (!exclusive(a.mode)) continue;
    if (a.handle->commute_owner && a.handle->commute_owner != t) {
      a.handle->commute_waiting.push_back(t);
      return false;
    }
  }
  for (const Access& a : t->accesses)
    if (exclusive(a.mode)) a.handle->commute_owner = t;
  return true;
}

void Runtime::run_task(Task* t, int w) {
  Task* outer = workers_[w].current;
  workers_[w].current = t;
  t->worker = w;
  const int node = machine().workers[w].node;
  Buffers buffers;
  acquire_data(t, node, buffers);
  // Memory the body declares is counted on the main-memory node at its start
  // (allocated) and end (freed), at the same points in every mode.
  if (t->mem_alloc) account(0, static_cast<int64_t>(t->mem_alloc));
  execute_body(t, w, buffers);
  if (t->finished) {
    backend_->unlock();
    t->finished(t->arg);
    backend_->lock();
  }
  if (t->mem_free) account(0, -static_cast<int64_t>(t->mem_free));
  release_data(t, node);
  workers_[w].current = outer;
  if (t->detached && !t->fulfilled) t->body_ended = true;
  else complete(t, w);
}

void Runtime::fulfill(Task* t) {
  Locked lock(*backend_);
  if (t->body_ended) complete(t, t->worker);
  else t->fulfilled = true;
}

// Runs or simulates the kernel. Natively the body runs and its duration is
// observed. In simulation the duration comes from the kernel's model; a kernel
// without one is run natively and timed for its first calibrate_runs
// occurrences per footprint, then replayed at their mean.
void Runtime::execute_body(Task* t, int w, const Buffers& buffers) {
  const hcc_codelet* cl = t->codelet;
  const std::string& arch = machine().workers[w].arch;
  hcc_kernel_fn fn = workers_[w].cpu ? cl->cpu : cl->cuda;

  if (!backend_->simulated()) {
    Worker& me = workers_[w];
    // One read of the thread's CPU clock (a system call, 0.5 us here: as much
    // as a small task) ends the runtime's work since the previous kernel
    // (hcc.task, recorded after this kernel) and starts this kernel's time.
    const double cpu_start = measure_costs_ ? backend_->thread_cpu_time() : 0;
    double task_cost = -1;
    if (measure_costs_ && me.cpu_after_kernel >= 0)
      task_cost = cpu_between(me.cpu_after_kernel, cpu_start);
    me.cpu_after_kernel = -1;  // a kernel nested in this one (a task scheduling point) starts afresh
    if (keep_records_ || keep_history_) t->start_time = backend_->now();
    backend_->unlock();
    fn(buffers.begin(), t->arg);
    // Read before taking the lock: waiting for it is not the kernel's time.
    if (keep_records_ || keep_history_) t->end_time = backend_->now();
    // An instrumented CPU kernel is also timed on its thread's CPU clock: the
    // time it computed, without the time its thread was preempted (by the
    // submitting thread evaluating parameters, say, which native runs do not
    // do). Its models are that CPU time; simulations charge it as CPU work,
    // which shares the simulated cores as the threads share real ones.
    if (measure_costs_ && me.cpu) t->cpu_time = cpu_since(cpu_start);
    // Formatted before taking the lock, which the other workers and the
    // submitting thread wait for: instrumentation must not slow them.
    if (keep_records_) t->params_text = format_params(*t);
    backend_->lock();
    if (keep_history_ && !t->implicit)
      record_model(cl->name, arch, t->footprint, t->bytes_in + t->bytes_out,
                   t->cpu_time >= 0 ? t->cpu_time : t->end_time - t->start_time);
    if (task_cost >= 0 && !t->implicit) record_model(kTaskCost, arch, 0, 0, task_cost);
    // After the instrumentation's own bookkeeping, which native runs do not do.
    if (measure_costs_) me.cpu_after_kernel = backend_->thread_cpu_time();
    return;
  }

  const bool control = (cl->flags & HCC_CODELET_CONTROL) != 0;
  std::optional<double> duration = model_duration(*t, arch, config_.sim_model == "histogram");
  // A footprint without a model when first seen is timed natively for its
  // first calibrate_runs occurrences; its recorded runs are the model after.
  bool calibrate = false;
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
      if (std::find(warned_.begin(), warned_.end(), kernel) == warned_.end()) {
        warned_.push_back(kernel);
        std::fprintf(stderr,
                     "hccsim: no model for kernel '%s' on %s in '%s': timing its first %d runs per "
                     "data size natively, then replaying their mean\n",
                     cl->name, arch.c_str(), config_.model_dir.c_str(), config_.calibrate_runs);
      }
      timed = calibrating_.emplace(std::make_pair(kernel, t->footprint), 0).first;
    }
    if (timed != calibrating_.end() && timed->second < config_.calibrate_runs) {
      ++timed->second;
      calibrate = true;
    }
  }

  // The runtime's work between two kernels, as measured natively; unlocked,
  // as the kernel, because the other actors go on meanwhile.
  if (workers_[w].task_cost > 0) {
    backend_->unlock();
    backend_->compute(workers_[w].task_cost);
    backend_->lock();
  }
  t->start_time = backend_->now();
  backend_->unlock();
  double measured = 0;
  if (control || calibrate) {
    // Data that the simulation only pretends to hold is replaced by zeroed
    // scratch memory of the same size for the timed run.
    Buffers local = buffers;
    std::vector<std::unique_ptr<char[]>> scratch;
    for (size_t i = 0; i < local.size(); ++i) {
      if (backend_->backed(local[i])) continue;
      scratch.emplace_back(new char[t->accesses[i].handle->size]());
      local[i] = scratch.back().get();
    }
    const double start = backend_->wallclock();
    fn(local.begin(), t->arg);
    measured = backend_->wallclock() - start;
  }
  backend_->compute(calibrate ? measured : duration.value_or(0.0));
  backend_->lock();
  t->end_time = backend_->now();
  if (calibrate) record_model(cl->name, arch, t->footprint, t->bytes_in + t->bytes_out, measured);
}

// The records' params column: "NB=960;MB=1920", or "" without parameters.
// std::to_chars writes the shortest text that reads back as the same double,
// without snprintf's format parsing and locale: this runs on a worker per
// task.
std::string Runtime::format_params(const Task& t) {
  std::string params;
  char buf[32];
  for (size_t i = 0; i < t.params.size(); ++i) {
    const char* name =
        (t.codelet->param_names && static_cast<int>(i) < t.codelet->nparams) ? t.codelet->param_names[i] : nullptr;
    if (!params.empty()) params += ';';
    if (name) params += name;
    else params += "p" + std::to_string(i);
    params += '=';
    params.append(buf, std::to_chars(buf, buf + sizeof buf, t.params[i]).ptr);
  }
  return params;
}

// Keeps the task's record for the records CSV and the traces.
void Runtime::record(Task* t, int w, double end) {
  std::string params = t->params_text.empty() ? format_params(*t) : std::move(t->params_text);
  trace_->task(TaskRecord{t->id, t->codelet->name, machine().workers[w].arch, w, t->footprint,
                          t->submit_time, t->start_time, end, std::move(params), t->bytes_in,
                          t->bytes_out, t->cpu_time});
}

// A kernel's duration from its models: the regression over the task's
// parameters when the kernel has one and the task carries all its
// parameters, else the footprint's mean (or, with sample, a draw from its
// histogram); nullopt when there is no model.
std::optional<double> Runtime::model_duration(const Task& t, const std::string& arch, bool sample) {
  const std::optional<double> d = model_duration_unchecked(t, arch, sample);
  // A model file's own values are checked when it is read, but a regression
  // can still predict more than SimGrid's clock can pass.
  if (d && !(*d <= models::kMaxKernelSeconds)) {
    std::ostringstream what;
    what << "model file " << models::model_file_path(models_.dir(), t.codelet->name, arch).string()
         << ": the model of kernel '" << t.codelet->name << "' on " << arch << " gives " << *d
         << " s for a task (more than " << models::kMaxKernelSeconds
         << " s): recalibrate it or fix the file";
    fatal(what.str());
  }
  return d;
}

std::optional<double> Runtime::model_duration_unchecked(const Task& t, const std::string& arch, bool sample) {
  const hcc_codelet* cl = t.codelet;
  try {
    if (!t.params.empty() && cl->param_names) {
      if (const models::RegressionFit* fit = models_.regression(cl->name, arch)) {
        std::map<std::string, double> params;
        for (size_t i = 0; i < t.params.size() && static_cast<int>(i) < cl->nparams; ++i)
          params[cl->param_names[i]] = t.params[i];
        bool complete = true;
        for (const models::Term& term : fit->terms)
          for (const auto& [name, exponent] : term.factors) complete &= params.count(name) > 0;
        if (complete) return std::max(0.0, models::evaluate(*fit, params));
      }
    }
    const models::FootprintEntry* e = models_.lookup(cl->name, arch, t.footprint);
    if (!e || e->count == 0) return std::nullopt;
    return (sample && !e->histogram.empty()) ? e->histogram.sample(rng_) : e->mean;
  } catch (const models::ModelError& e) {
    fatal(e.what());
  }
}

void Runtime::complete(Task* t, int w) {
  const double end = backend_->now();
  last_end_ = std::max(last_end_, end);
  t->done = true;
  if (t->pinned_worker < 0) scheduler_->finished(t, w);

  // Natively the parameters were formatted off the lock (execute_body): what
  // is left is an append, too small to leave out of the runtime's measured
  // per-task cost (hcc.task) at the price of two more clock reads.
  if (keep_records_ && !t->implicit) record(t, w, t->end_time);

  if (t->has_commute) {
    for (const Access& a : t->accesses) {
      if (!exclusive(a.mode) || a.handle->commute_owner != t) continue;
      a.handle->commute_owner = nullptr;
      std::vector<Task*> waiting = std::move(a.handle->commute_waiting);
      a.handle->commute_waiting.clear();
      for (Task* s : waiting) make_ready(s, w);
    }
  }
  for (Task* s : t->successors)
    if (--s->pending_deps == 0) make_ready(s, w);
  for (const Access* a = t->dependencies_begin(); a != t->dependencies_end(); ++a) {
    Handle* h = a->handle;
    h->inflight--;
    // Finished tasks in the handle's segments order nothing: drop them once
    // they are half of what the handle keeps (amortised O(1) per task).
    if (++h->finished_members * 2 >= h->segment.size() + h->segment_preds.size()) drop_finished(h);
  }
  if (t->group) t->group->pending--;
  if (t->region && !t->implicit) t->region->pending--;
  if (t->parent) {
    t->parent->pending_children--;
    release(t->parent);
  }
  inflight_--;
  if (!t->implicit) completed_++;
  if (show_progress_ && completed_ % 4096 == 0) progress();
  notify_blocked();
  release(t);
}

// A long run on a terminal says how far it is, once a second of wall time.
void Runtime::progress() {
  const double wall = backend_->wallclock();
  if (wall - last_progress_ < 1.0) return;
  last_progress_ = wall;
  std::fprintf(stderr, "\rhccsim: %" PRIu64 " tasks done, %d in flight, %s time %.3f s   ", completed_, inflight_,
               backend_->simulated() ? "simulated" : "run", backend_->now());
  std::fflush(stderr);
  progress_shown_ = true;
}

// ---- Waiting ------------------------------------------------------------------

void Runtime::notify_blocked() {
  for (Blocked* b : blocked_)
    if (b->ready()) b->waiter->notify();
}

// Blocks the caller until ready() holds. A worker blocked inside a task body
// runs other ready tasks meanwhile (a task scheduling point) when help is set.
void Runtime::block_until(std::function<bool()> ready, bool help) {
  if (ready()) return;
  const int w = backend_->self_worker();
  Blocked b{w >= 0 ? workers_[w].waiter.get() : app_waiter_.get(), std::move(ready)};
  blocked_.push_back(&b);
  while (!b.ready()) {
    if (w >= 0 && help) {
      if (Task* t = next_task(w)) {
        run_task(t, w);
        continue;
      }
      wait_idle(w);
    } else {
      if (w < 0) app_cpu_mark_ = -1;  // waiting is not the application's work
      b.waiter->wait();
    }
  }
  blocked_.erase(std::find(blocked_.begin(), blocked_.end(), &b));
  // Woken for a ready task but leaving because what it waited for came at
  // the same time: another worker must take the task, or it could wait for
  // one that only this worker was told of.
  if (w >= 0 && workers_[w].woken_for_task) {
    workers_[w].woken_for_task = false;
    for (int i = 0; i < worker_count(); ++i)
      if (i != w && workers_[i].idle) wake(i);
  }
}

void Runtime::wait_all() {
  Locked lock(*backend_);
  const int w = backend_->self_worker();
  if (w >= 0 && workers_[w].current) {
    Task* t = workers_[w].current;
    block_until([t] { return t->pending_children == 0; }, true);
  } else {
    block_until([this] { return inflight_ == 0; }, true);
  }
}

void Runtime::taskwait() { wait_all(); }

void Runtime::wait_handle(Handle* h) {
  Locked lock(*backend_);
  block_until([h] { return h->inflight == 0; }, true);
}

Group* Runtime::create_group() { return new Group; }

void Runtime::taskgroup_begin() {
  Locked lock(*backend_);
  const int w = backend_->self_worker();
  Group*& open = w >= 0 && workers_[w].current ? workers_[w].current->taskgroup : app_taskgroup_;
  open = new Group{0, open};
}

void Runtime::taskgroup_end() {
  Locked lock(*backend_);
  const int w = backend_->self_worker();
  Group*& open = w >= 0 && workers_[w].current ? workers_[w].current->taskgroup : app_taskgroup_;
  Group* g = open;
  if (!g) {
    std::fprintf(stderr, "hccsim: error: hcc_taskgroup_end without hcc_taskgroup_begin\n");
    return;
  }
  block_until([g] { return g->pending == 0; }, true);
  open = g->enclosing;
  delete g;
}

void Runtime::wait_group(Group* g) {
  {
    Locked lock(*backend_);
    block_until([g] { return g->pending == 0; }, true);
  }
  delete g;
}

}  // namespace hcc::rt
