// The runtime: dependency inference, task life cycle, worker loop, data
// coherence and memory accounting. One instance per process, reached through
// the C ABI (capi.cpp). Identical control code for every backend.
#pragma once

#include <cstdint>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "backend.hpp"
#include "config.hpp"
#include "hccmodels/model_file.hpp"
#include "scheduler.hpp"
#include "task.hpp"
#include "trace.hpp"

namespace hcc::rt {

// What the OpenMP layer (rt/omp) asks of a task beyond hcc_task_desc.
struct TaskOptions {
  int pinned_worker = -1;   // an implicit task of a parallel region: runs on this worker only
  bool implicit = false;    // not a kernel: no record, model or task count
  Group* region = nullptr;  // counts the task and its descendants (a region's barrier waits for them)
  bool detached = false;    // completes on fulfill(), once its body has ended too
  // Called off the lock once the body ran, or was simulated without running
  // (OpenMP: firstprivate destructors, freeing the task's block).
  void (*finished)(void* arg) = nullptr;
};

class Runtime final : public SchedulerContext {
 public:
  Runtime(Config config, std::unique_ptr<Backend> backend);
  ~Runtime() override;

  void start();
  void shutdown();  // waits for all tasks, writes outputs, prints the summary

  hcc_mode mode() const;
  int worker_count() const { return static_cast<int>(workers_.size()); }
  double time() { return backend_->now(); }
  uint64_t peak_memory(int node) const { return trace_->peak_memory(node); }

  Handle* register_data(void* addr, uint64_t size);
  void unregister_data(Handle* h);
  Handle* lookup(const void* addr);
  void* host_allocate(uint64_t bytes);
  void host_release(void* ptr);

  // Throws std::invalid_argument for an invalid description.
  void submit(const hcc_task_desc& desc);
  // The task stays valid until it completes; a detached one until fulfill().
  Task* submit(const hcc_task_desc& desc, const TaskOptions& options);
  void fulfill(Task* t);
  // The handle of addr among the dependencies of the caller's children:
  // OpenMP orders sibling tasks only, by the address of each depend item.
  Handle* sibling_handle(void* addr, uint64_t size);
  // Waits for the caller's children that access addr (taskwait depend, an
  // undeferred task's dependencies).
  void wait_siblings(const void* addr);

  // For layers above the core (rt/omp) whose shared state the control lock
  // guards: lock, wait (with the lock held) until ready() holds, running
  // other ready tasks meanwhile when help is set, and wake the waiters after
  // changing what their ready() reads.
  void lock() { backend_->lock(); }
  void unlock() { backend_->unlock(); }
  void wait_locked(std::function<bool()> ready, bool help) { block_until(std::move(ready), help); }
  void notify_locked() { notify_blocked(); }
  // The calling worker, or -1 for any other thread (the application's).
  int self_worker() const { return backend_->self_worker(); }
  // State of a layer above the core (rt/omp), destroyed with the runtime.
  struct Extension {
    virtual ~Extension() = default;
  };
  std::unique_ptr<Extension>& extension() { return extension_; }
  void wait_all();
  void taskwait();
  void wait_handle(Handle* h);
  Group* create_group();
  void wait_group(Group* g);
  void taskgroup_begin();
  void taskgroup_end();

  // SchedulerContext
  const Machine& machine() const override { return backend_->machine(); }
  double now() override { return backend_->now(); }
  bool can_run(const Task& t, int worker) const override;
  bool can_take(const Task& t, int worker) const override;
  std::optional<double> expected_duration(const Task& t, const std::string& arch) override;
  double expected_transfer(const Task& t, int node) override;
  uint64_t bytes_on_node(const Task& t, int node) const override;

 private:
  struct Worker {
    std::unique_ptr<Waiter> waiter;
    bool cpu = true;  // a CPU worker (else a GPU worker)
    bool idle = false;
    Task* current = nullptr;  // task whose body runs on this worker
    Task* pinned = nullptr;   // ready implicit task waiting for this worker
    bool woken_for_task = false;  // woken by make_ready, no task taken since (block_until)
    // Thread CPU time at the end of its last kernel, -1 after a wait: the
    // runtime's work between two kernels run back to back (instrumented runs).
    double cpu_after_kernel = -1;
    double task_cost = 0;  // simulation: CPU seconds charged before each kernel
    double notified_at = -1;  // instrumented runs: when a ready task woke it
    double wake_latency = 0;  // simulation: seconds from being woken to running
  };
  // A thread blocked in a wait call, with what it waits for.
  struct Blocked {
    Waiter* waiter;
    std::function<bool()> ready;
  };

  // Dependencies (sequential task flow).
  void add_dependencies(Task* t);
  void depend_on(Task* t, Task* pred);
  void drop_finished(Handle* h);
  void enqueue(Task* t, int self);  // with the lock held
  Task* new_task(int self);  // self: the calling worker, -1 for the application
  void release(Task* t);  // drops one reference; recycles at zero
  static bool descends_from(const Task& t, const Task& ancestor);
  void drop_scope(DependencyScope& scope);
  Handle* new_handle(void* addr, uint64_t size);
  DependencyScope& caller_scope();
  void make_ready(Task* t, int by_worker);
  void wake(int w);
  void wait_idle(int w);

  // Task life cycle; called with the lock held.
  void worker_loop(int w);
  Task* next_task(int w);
  bool exclusive(int mode) const;
  bool take_commute(Task* t);
  void run_task(Task* t, int w);
  void execute_body(Task* t, int w, const Buffers& buffers);
  void complete(Task* t, int w);
  static std::string format_params(const Task& t);
  void record(Task* t, int w, double end);
  std::optional<double> model_duration(const Task& t, const std::string& arch, bool sample);
  std::optional<double> model_duration_unchecked(const Task& t, const std::string& arch, bool sample);
  void load_runtime_costs();
  void record_model(const std::string& kernel, const std::string& arch, uint64_t footprint, uint64_t bytes,
                    double seconds);
  double cpu_clock_read_cost();
  double cpu_between(double from, double to) const;
  double cpu_since(double start);
  void progress();
  std::string records_path() const;
  void block_until(std::function<bool()> ready, bool help);
  Waiter* waiter_of_caller();
  void notify_blocked();

  // Coherence and memory (coherence.cpp); called with the lock held.
  void acquire_data(Task* t, int node, Buffers& buffers);
  void release_data(Task* t, int node);
  void fetch(Handle* h, int node, int worker);
  void make_room(Task* t, size_t acquired, int node, uint64_t bytes, Handle* keep, int worker);
  void evict(Handle* h, int node, int worker);
  void account(int node, int64_t delta);
  void touch(Handle* h, int node);

  const uint64_t id_;  // tells this runtime from earlier ones in the process
  std::unique_ptr<Extension> extension_;
  const Config config_;
  std::unique_ptr<Backend> backend_;
  std::unique_ptr<Scheduler> scheduler_;
  std::unique_ptr<TraceRecorder> trace_;
  models::ModelStore models_;
  std::mt19937_64 rng_;
  std::vector<Worker> workers_;
  std::unique_ptr<Waiter> app_waiter_;
  double app_cpu_mark_ = -1;  // instrumented runs: the application thread's CPU clock at its last submission
  Group* app_taskgroup_ = nullptr;  // innermost taskgroup open in the application
  DependencyScope app_deps_;  // dependencies among the application's tasks (sibling_handle)
  std::vector<Handle*> retired_handles_;  // dropped with copies on other nodes (drop_scope)
  std::vector<Blocked*> blocked_;
  std::vector<std::unique_ptr<Task[]>> task_slabs_;
  std::vector<Task*> free_tasks_;
  std::vector<std::vector<Task*>> task_caches_;  // per worker (tasks that submit tasks)

  std::map<const void*, Handle*> handles_;
  std::map<void*, uint64_t> host_allocations_;
  std::vector<uint64_t> node_used_;
  std::vector<std::list<Handle*>> node_lru_;  // least recently used first

  uint64_t next_task_id_ = 0;
  int inflight_ = 0;  // submitted, not completed
  uint64_t completed_ = 0;
  double last_end_ = 0;  // end of the last task: the makespan
  bool stopping_ = false;
  bool keep_records_ = false;
  bool keep_history_ = false;
  // The runtime's own CPU costs on this machine (see runtime.cpp, "Runtime
  // costs"): measured by instrumented runs, charged by simulations.
  bool measure_costs_ = false;
  double submit_cost_ = 0;  // simulation: CPU seconds charged for one hcc_submit
  double cpu_clock_cost_ = 0;  // instrumented runs: one read of the thread CPU clock
  bool show_progress_ = false, progress_shown_ = false;
  double last_progress_ = 0;
  bool has_cpu_workers_ = false, has_cuda_workers_ = false;
  // Kernels timed natively in simulation for lack of a model: observations so far.
  std::map<std::pair<std::string, uint64_t>, int> calibrating_;
  std::vector<std::string> warned_;
};

// The process's runtime, started on first use and shut down at exit when
// the program did not call hcc_init (OpenMP programs). Exits after printing
// why when it cannot start.
Runtime& runtime_on_demand();

}  // namespace hcc::rt
