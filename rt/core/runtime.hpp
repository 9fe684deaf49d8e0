// The runtime: dependency inference, task life cycle, worker loop, data
// coherence and memory accounting. One instance per process, reached through
// the C ABI (capi.cpp). Identical control code for every backend.
//
// Where each concern lives: runtime.cpp (start, shutdown, data), submission.cpp
// (hcc_submit), dependencies.cpp (sequential task flow), sibling_deps.cpp
// (OpenMP's sibling scopes), task_pool.cpp (task memory), workers.cpp
// (readiness, waking, the worker loop, completion), kernels.cpp (running or
// simulating a body), runtime_costs.cpp (the runtime's own measured costs),
// waiting.cpp (taskwait, groups, blocked threads), coherence.cpp (memory
// nodes).
#pragma once

#include <algorithm>
#include <atomic>
#include <deque>
#include <cstdint>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "backend.hpp"
#include "config.hpp"
#include "hccmodels/model_file.hpp"
#include "instrument_sampling.hpp"
#include "loop_contention.hpp"
#include "program_memory.hpp"
#include "scheduler.hpp"
#include "short_tasks.hpp"
#include "spin_lock.hpp"
#include "split_loops.hpp"
#include "task.hpp"
#include "trace.hpp"

namespace hcc::rt {
struct Rank;

// What the OpenMP layer (rt/omp) asks of a task beyond hcc_task_desc.
struct TaskOptions {
  int pinned_worker = -1;   // an implicit task of a parallel region: runs on this worker only
  bool implicit = false;    // not a kernel: no record, model or task count
  Group* region = nullptr;  // counts the task and its descendants (a region's barrier waits for them)
  bool detached = false;    // completes on fulfill(), once its body has ended too
  // Called off the lock once the body ran, or was simulated without running
  // (OpenMP: firstprivate destructors, freeing the task's block).
  void (*finished)(void* arg) = nullptr;
  // The submitting thread's worker number (self_worker()), when the caller
  // already knows it: the OpenMP layer, which looks it up once per task.
  std::optional<int> self;
  // A task from reserve_task, submitted instead of a new one.
  Task* reserved = nullptr;
  // Its number, from reserve_task_ids; by default the next at submission.
  std::optional<uint64_t> id;
  // When the layer above began making the task (wallclock(); OpenMP: the
  // entry of __kmpc_omp_task_alloc), in runs that measure the runtime's
  // costs: hcc.submit then counts that layer's work too. kBeginAtSubmit:
  // submit decides and reads; kNotTimed: this submission is not timed.
  static constexpr double kBeginAtSubmit = -1, kNotTimed = -2;
  double begun_at = kBeginAtSubmit;
  // What the layer above timed of the task before begun_at, net of its
  // clock reads (OpenMP: the allocation, when begun_at is the entry of
  // __kmpc_omp_task): added to hcc.submit.
  double before_seconds = 0;
  // An OpenMP task, which its creating worker runs at once when its own
  // queue is full and the task is ready (Config::task_throttle): submit then
  // leaves it unqueued for run_submitted.
  bool throttle = false;
};

// One observation for the models: a runtime cost (Runtime::record_cost) or
// a kernel's duration (Runtime::record_observation), kept by the worker that
// made it until its batch is recorded.
struct Observation {
  const char* kernel;       // a codelet's name, alive as long as it, or a cost's (runtime_costs.hpp)
  const std::string* arch;  // the worker's, alive as long as the runtime
  uint64_t footprint, bytes;
  double seconds;
  bool cost;                // a runtime cost: an interruption is left out (Runtime::interrupted)
  uint32_t weight = 1;      // how many runs it stands for (Runtime::run_weight_of)
};

class Runtime final : public SchedulerContext, public ProgramMemorySink {
 public:
  Runtime(Config config, std::unique_ptr<Backend> backend);
  ~Runtime() override;

  void start();
  void shutdown();  // waits for all tasks, writes outputs, prints the summary
  // A simulation starts the runtime before main with the program's thread as
  // worker 0, as an OpenMP program's first construct does natively
  // (Config::program_thread_works); a program that calls hcc_init then gets
  // worker 0 on a thread (an actor) of its own, as natively (capi.cpp).
  bool started_before_main = false;
  void separate_program_thread() {
    backend_->separate_program_thread([this](int w) { worker_loop(w); });
  }

  hcc_mode mode() const;
  int worker_count() const { return nworkers_; }
  // A CPU worker beyond the machine's, for an OpenMP team larger than the
  // CPU workers: it runs only the implicit tasks pinned to it (the team
  // threads' bodies), never the scheduler's tasks, and shares the program's
  // cores. Returns its number, or -1 once there are thread_limit() CPU
  // workers in all. Called by one thread at a time (the one starting a
  // region); the workers it adds are kept until shutdown.
  int add_team_worker();
  // The most CPU workers, team workers included (OMP_THREAD_LIMIT).
  int thread_limit() const { return thread_limit_; }
  // Workers there may be, team workers included: numbers are below it.
  int worker_capacity() const { return worker_capacity_; }
  double time() { return backend_->now(); }
  // Loops as kernels (rt/omp/loop_kernels.hpp, rt/program/loop_nests.cpp,
  // kernels.cpp): a run of iterations iterations; work, when the compiler
  // counted it, is their inner loops' iterations in all (else 0).
  double thread_cpu_time() { return backend_->thread_cpu_time(); }
  // weight: run_weight_of's for the chunk.
  void record_loop_chunk(const std::string& kernel, double start, double end, double seconds, uint64_t iterations,
                         double work, uint32_t weight);
  // A record row for the program's own code (a CPU burst, a loop chunk)
  // when records or traces are kept: by the calling worker, or the
  // application thread (worker -1, "main" in traces).
  void record_program_code(const std::string& kernel, double start, double end, double seconds,
                           uint64_t iterations);
  bool keeps_records() const { return keep_records_; }
  // A sample of the calling thread's short bursts between two entries, by
  // their key (rt/program/burst_models.hpp): an instrumented run's.
  void record_burst_sample(uint64_t key, double seconds);
  // The calling thread runs the body of an explicit task (a kernel), not
  // an OpenMP region's implicit task or the program's own thread.
  bool in_task_body() const {
    const int w = backend_->self_worker();
    const Task* t = w >= 0 ? workers_[w].current.load(std::memory_order_relaxed) : nullptr;
    return t && !t->implicit;
  }
  // The calling thread runs a worksharing loop's chunk: the loop nests it
  // runs are the chunk's part (rt/program/loop_nests.hpp).
  void set_in_loop_chunk(bool runs) {
    if (const int w = backend_->self_worker(); w >= 0) workers_[w].in_loop_chunk = runs;
  }
  bool in_loop_chunk() const {
    const int w = backend_->self_worker();
    return w >= 0 && workers_[w].in_loop_chunk;
  }
  // Instrumented runs measure the runtime's own costs (runtime_costs.hpp),
  // on this clock.
  bool measures_costs() const { return measure_costs_; }
  void yield() { backend_->yield(); }  // a polling call (Backend::yield)
  // Instrumented runs: whether the calling thread times this event of the
  // runtime's own costs (instrument_sampling.hpp).
  bool times_event() const { return !sample_events_ || sample_this_event(); }
  // Whether an instrumented run times this run of a kernel (a codelet, or a
  // loop's source location for its chunks), and what a timed run took, by
  // which the kernel may prove fine-grained (instrument_sampling.hpp).
  // run_weight_of: how many runs this one's observation stands for: 0 (not
  // timed), 1, or kSamplePeriod for a fine-grained kernel's sampled run.
  uint32_t run_weight_of(const void* kernel) const {
    static_assert(kSamplePeriod <= UINT8_MAX, "Task::weight holds it");
    if (!sample_events_ || !fine_kernels_.contains(kernel)) return 1;
    return sample_this_event() ? kSamplePeriod : 0;
  }
  bool times_run_of(const void* kernel) const { return run_weight_of(kernel) != 0; }
  void timed_run_of(const void* kernel, int w, double seconds) {
    if (sample_events_ && w >= 0 && workers_[w].tally.add(kernel, seconds)) fine_kernels_.add(kernel);
  }
  double wallclock() { return backend_->wallclock(); }
  // Instrumented runs: what one read of wallclock() adds to an interval.
  double wall_clock_cost() const { return wall_clock_cost_; }
  std::optional<double> loop_model(const std::string& kernel, uint64_t iterations, double work);
  // Simulations that run a loop's chunks (loop_contention.hpp): the loop's
  // contention, null when the instrumented runs measured none of its
  // chunks; and what they measured at a chunk's footprint.
  LoopContention* loop_contention(const std::string& kernel);
  MeasuredChunk measured_loop_chunk(const std::string& kernel, const LoopContention& contention, uint64_t iterations,
                                    double work);
  // The longest of those means over the loop's footprints (0 for none).
  double longest_loop_mean(const std::string& kernel);
  // Whether the loops this simulation runs have their bursts scaled by
  // their contention: it charges bursts and has the instrumented runs' models.
  bool scales_loop_contention() const {
    return simulated_ && config_.sim_bursts && !config_.model_dir.empty();
  }
  uint64_t peak_memory(int node) const { return trace_->peak_memory(node); }
  // The program's heap (rt/program/program_memory.hpp), from start to shutdown.
  void program_memory_changed(uint64_t bytes_in_use) override;
  void program_memory_replayed(const std::vector<HeapSample>& curve) override;
  // The program's sampled CPU bursts and delays (rt/program/sampling.cpp).
  bool simulated() const { return simulated_; }
  // Whether tasks keep the parameters they are submitted with (records,
  // models, simulation): a layer above may skip computing them otherwise.
  bool keeps_params() const { return keep_params_; }
  const Config& config() const { return config_; }
  void charge_seconds(double seconds) { backend_->compute(seconds); }
  void charge_flops(double flops) { backend_->compute_flops(flops); }
  // Instrumented runs: one run of a burst, kept in the model directory as
  // the runs of a kernel of that name are.
  void record_burst(const std::string& name, double seconds);
  // A uniform draw in [0, 1) from the run's seeded generator (HCC_SEED).
  double uniform_draw();
  // The model of a burst that instrumented runs recorded (record_burst): its
  // mean, or a draw from its histogram (HCC_SIM_MODEL=histogram); nullopt
  // when the model directory has none.
  std::optional<double> burst_model(const std::string& name);

  // A loop split between CPU workers and GPUs (split_loops.cpp). Throws
  // std::invalid_argument for an invalid description.
  void split_for(const std::string& name, long n, const hcc_split_section* sections, int nsections,
                 hcc_split_fn cpu, hcc_split_fn cuda, void* arg);
  // The compiler's form (#pragma hcc split): the caller runs the CPU part.
  void split_begin(const std::string& name, const std::string& cpu_loop, long n, const hcc_split_section* sections,
                   int nsections, hcc_split_fn cuda, void* arg, long* cpu_begin, long* cpu_end);
  void split_end(const std::string& name);
  hcc_split_stats split_last(const std::string& name);

  Handle* register_data(void* addr, uint64_t size);
  // Makes main memory's copy of h valid now (a split loop's GPU part ends
  // once what it wrote is back).
  void bring_home(Handle* h);
  void unregister_data(Handle* h);
  Handle* lookup(const void* addr);
  void* host_allocate(uint64_t bytes);
  void host_release(void* ptr);
  // The stream of the calling GPU worker (hcc_cuda_stream), or null.
  void* device_stream() {
    const int w = backend_->self_worker();
    return w >= 0 ? backend_->device_stream(w) : nullptr;
  }

  // Throws std::invalid_argument for an invalid description.
  void submit(const hcc_task_desc& desc);
  // The task stays valid until it completes; a detached one until fulfill().
  // With TaskOptions::throttle, the task if it is left to its submitter to
  // run (run_submitted), else nullptr: once queued, it may be gone already.
  Task* submit(const hcc_task_desc& desc, const TaskOptions& options);
  // Runs a task that submit left to its submitter, on the submitting
  // worker. Called by the submitter once its own frames of the submission
  // are gone: a task tree thousands of levels deep nests that many runs on
  // the thread's stack.
  void run_submitted(Task* t) { run_task(t, t->ready_by); }
  // Whether worker w runs a task of this codelet at once when it creates it
  // rather than submitting it (short_tasks.hpp): tasks of the codelet are
  // tiny, or short while w's own queue holds a task for the others, no
  // worker looks for one, or the task is deep in the tree of tasks (the
  // layer above says: deep), where a recursion's tasks are its smallest: a
  // worker that took one would be looking again at once. A short task that
  // a looking worker gets begins a burst: w defers its next
  // ShortTasks::kDeferBurst tasks that are not deep.
  bool runs_on_creator(const hcc_codelet* codelet, int w, bool deep) {
    if (w < 0 || w >= nworkers_ || !config_.inline_short_tasks) return false;
    const ShortTasks::Verdict v = short_tasks_.verdict(codelet);
    if (v != ShortTasks::Verdict::kShort) return v == ShortTasks::Verdict::kTiny;
    if (deep) return true;
    uint32_t& deferring = workers_[w].deferring;
    if (deferring > 0) {
      --deferring;
      return false;
    }
    if (scheduler_->queued(w) > 0 || !some_worker_looks()) return true;
    deferring = ShortTasks::kDeferBurst - 1;
    return false;
  }
  // Whether worker w times its next run of a task (one in its
  // time_period, kTimePeriod to kLongestTimePeriod), and the time of such a run: the layer above
  // times the tasks it runs itself (runs_on_creator) as run_task times the others.
  bool times_run(int w) {
    if (!config_.inline_short_tasks || w < 0 || w >= nworkers_ ||
        ++workers_[w].runs_since_timed < workers_[w].time_period)
      return false;
    workers_[w].runs_since_timed = 0;
    return true;
  }
  // created: whether the run created tasks (creations changed during it).
  // Such a run's time holds the children it ran or waited for, not what the
  // kind's tasks cost (short_tasks.hpp): it only marks the kind recursive.
  void observe_run(int w, const hcc_codelet* codelet, double seconds, bool created) {
    if (created) {
      short_tasks_.creates_tasks(codelet);
      return;
    }
    const bool agrees = short_tasks_.observe(codelet, seconds);
    uint32_t& period = workers_[w].time_period;
    period = agrees ? std::min(2 * period, ShortTasks::kLongestTimePeriod) : ShortTasks::kTimePeriod;
  }
  // Whether a task that worker w runs on creating it is kept (records,
  // instrumented runs' models) and timed for it, as the runs it stands for
  // (run_weight_of; 0: not kept): then ran_on_creator.
  uint32_t run_on_creator_weight(const hcc_codelet* codelet) const {
    return keep_records_ || keep_history_ ? run_weight_of(codelet) : 0;
  }
  void ran_on_creator(const hcc_codelet& codelet, int w, double start, double end, const double* params,
                      size_t nparams, uint32_t weight);
  // Simulation: the seconds a kernel's task (not a control body) that its
  // creating thread runs at once is charged, from the kernel's model at its
  // params, as a deferred one is replayed; nullopt without a model (its body
  // is then the program's code, a burst) or for a control body. The body
  // still runs, for its effects, uncounted.
  std::optional<double> creator_run_model(const hcc_codelet& codelet, const double* params, size_t nparams);
  // hcc.inline (runtime_costs.hpp): measured by instrumented runs, from the
  // wall clock's readings around the task's body; charged by simulations.
  // What running a task on its creator cost besides its body (hcc.inline,
  // or hcc.included when it had to run there: runtime_costs.hpp).
  // seconds: the sum of `intervals` intervals timed on the monotonic clock.
  void creator_run_cost_measured(bool included, double seconds, int intervals);
  // A task that worker w (or the program's thread, w < 0) created runs at
  // once on it: charged, and counted as one it created (creations).
  void charge_inline_run(int w) {
    count_creation(w);
    backend_->compute(inline_cost_);
  }
  void charge_included_run(int w) {
    count_creation(w);
    if (included_cost_ > 0) backend_->compute(included_cost_);
  }
  // How many tasks worker w created so far: a timed run that changed it
  // created tasks (observe_run).
  uint32_t creations(int w) const { return w >= 0 && w < nworkers_ ? workers_[w].creations : 0; }
  // A runtime cost on the calling thread (an OpenMP region's hcc.fork and
  // hcc.join on its encountering thread, hcc.emptywait: runtime_costs.hpp),
  // measured by instrumented runs from a reading of wallclock() to now (or
  // to a later reading: a wait's parts), charged by simulations at the same
  // points.
  void cost_measured(const char* kind, double from);
  void cost_measured(const char* kind, double from, double to);
  void charge_fork() {
    if (fork_cost_ > 0) backend_->compute(fork_cost_);
  }
  void charge_join() {
    if (join_cost_ > 0) backend_->compute(join_cost_);
  }
  // Simulation: the calling thread, which found g empty, sees it no sooner
  // than hcc.notice after another worker emptied it.
  void see_emptied(const Group& g);
  // Instrumented runs: whether the calling team thread's implicit task is
  // timed (hcc.implicit), and the seconds from the start of its body to the
  // end of its closing barrier, which run_task leaves out of what it
  // measures around them.
  bool times_implicit_body() const {
    const int w = backend_->self_worker();
    return w >= 0 && workers_[w].implicit_body == kImplicitBodyPending;
  }
  void implicit_body_measured(double seconds) {
    if (const int w = backend_->self_worker(); w >= 0) workers_[w].implicit_body = seconds;
  }
  // A task taken before it is described, for a layer that builds its own
  // block in the task's inline_arg (rt/omp: one allocation per task, which
  // comes back with the task): submitted through TaskOptions::reserved, or
  // given back with unreserve_task. self: the calling worker, as for submit.
  // Reset when submitted: most are given back (an OpenMP task is allocated
  // before the compiler knows whether it is undeferred, the usual cut-off
  // of a recursive search).
  Task* reserve_task(int self) { return take_task(self, true); }
  // Numbers for n tasks submitted later (TaskOptions::id), in any order:
  // the implicit tasks of a region, numbered before any task of theirs.
  uint64_t reserve_task_ids(int n) { return next_task_id_.fetch_add(static_cast<uint64_t>(n)); }
  void unreserve_task(Task* t, int self) { task_cache_of(self).push_back(t); }
  void fulfill(Task* t);
  // Tasks of a layer above that ran on their creating thread without being
  // submitted (OpenMP tasks in a team of one): counted in the summary, and
  // the end of the work that ran them (a serialised region) in the makespan.
  // On the worker's own count (a recursive search's undeferred tasks, each
  // counted on one shared line, cost both threads a cache miss per task).
  void count_task_run_at_once(int w) {  // w: the calling worker (self_worker())
    if (w < 0) {
      run_at_once_.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    // Its own thread alone writes it: no read-modify-write, whose lock was
    // 12 % of a Fibonacci's native run at cut-off 0 (perf).
    std::atomic<uint64_t>& n = workers_[w].run_at_once;
    n.store(n.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }
  void work_run_at_once_ended();
  // The dependencies among the caller's children (OpenMP orders sibling
  // tasks only, by the address of each depend item), found once for the
  // depend items of a task. self: the calling worker (self_worker()). The
  // application's scope is guarded by the control lock, held meanwhile.
  class SiblingScope {
   public:
    SiblingScope(Runtime& rt, int self);
    ~SiblingScope();
    SiblingScope(const SiblingScope&) = delete;
    SiblingScope& operator=(const SiblingScope&) = delete;
    // The handle of addr, created on first use.
    Handle* handle(void* addr, uint64_t size);
    // The handle of addr if a sibling named it, else nullptr.
    Handle* find(const void* addr) const;
    // Calls f with every handle a sibling named (omp_all_memory).
    template <class F>
    void for_each(F&& f) const {
      scope_.for_each([&f](const void*, Handle* h) { f(h); });
    }

   private:
    Runtime& rt_;
    DependencyScope& scope_;
    const bool locked_;
  };
  // Waits for the caller's children that access addr (taskwait depend, an
  // undeferred task's dependencies).
  void wait_siblings(const void* addr);

  // For layers above the core (rt/omp) whose shared state the control lock
  // guards: lock, wait (with the lock held) until ready() holds, running
  // other ready tasks meanwhile when help is set, and wake the waiters after
  // changing what their ready() reads.
  void lock() { backend_->lock(); }
  void unlock() { backend_->unlock(); }
  void wait_locked(const std::function<bool()>& ready, bool help) { wait_until(ready, help, true); }
  void notify_locked() { notify_blocked(); }
  // Without the lock, for conditions on atomics (a barrier's generation, a
  // region's task counts): a waiting worker sits in seats rather than in
  // the control lock's list, and whoever makes ready() true reads the seats
  // after the change and notifies the waiter found there (notify_seat),
  // then calls notify_waiters for the other threads. The sequentially
  // consistent store of the seat, then load of the condition, against the
  // change, then load of the seat, mean that either the waiter sees the
  // change or the changer sees the waiter.
  void wait_in(const std::function<bool()>& ready, Seats seats) { wait_until(ready, true, false, seats); }
  static void notify_seat(const Seat& seat) {
    if (Waiter* w = seat.load()) w->notify();
  }
  void notify_waiters() { counter_reached_zero(); }
  // Runs call on the program's thread, the calling worker blocked until it
  // returned: the MPI calls that a simulated rank's OpenMP threads and tasks
  // make, which only the rank's main actor can make (sim_mpi.cpp). That
  // thread makes them, in order, while it waits (wait_until: a region's end,
  // a taskwait, a barrier) and when it calls run_program_thread_calls.
  // False, and call not made, when the caller is not a worker.
  bool call_on_program_thread(const std::function<void()>& call);
  // The program's thread (without the control lock) makes the calls that
  // workers handed it; whether there were any.
  bool run_program_thread_calls();
  // Seats the calling worker (no one for another thread): for a group's
  // seat, taken before its tasks are submitted (Group::waiter).
  void seat_caller(Seat& seat) {
    const int w = backend_->self_worker();
    seat.store(w >= 0 ? workers_[w].waiter.get() : nullptr);
  }
  // The calling worker, or -1 for any other thread (the application's).
  int self_worker() const { return backend_->self_worker(); }
  int program_thread_worker() const { return backend_->program_thread_worker(); }
  // Whether the calling thread runs a task (a worker inside a body).
  bool in_task() const {
    const int w = backend_->self_worker();
    return w >= 0 && workers_[w].current.load(std::memory_order_relaxed) != nullptr;
  }
  // State of a layer above the core (rt/omp), destroyed with the runtime.
  struct Extension {
    virtual ~Extension() = default;
    // Whether the calling worker stands for the program's initial thread:
    // it runs thread 0 of every region it is in (a simulated rank's main
    // thread hands its regions' thread 0 to a worker; MPI_Is_thread_main).
    virtual bool runs_as_initial_thread() { return false; }
  };
  std::unique_ptr<Extension>& extension() { return extension_; }
  // program_wait: the program's own wait (a taskwait, hcc_wait_all), whose
  // look when it has nothing to wait for is measured and charged
  // (hcc.emptywait); not the runtime's at a region's end (hcc.implicit
  // counts it) or its shutdown.
  void wait_all(bool program_wait = true);
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
  static constexpr double kImplicitBodyPending = -1, kImplicitBodyUntimed = -2;
  // One per worker, on its own cache lines. The first is what threads that
  // wake it read (a pusher reads idle whenever some worker is idle); what its
  // worker writes at every task is on the next ones.
  struct alignas(64) Worker {
    std::unique_ptr<Waiter> waiter;
    bool cpu = true;  // a CPU worker (else a GPU worker)
    bool control_only = false;  // WorkerDesc::control_only
    // Parked or about to park: a thread that makes a task ready claims it
    // (exchange to false) before notifying its waiter.
    std::atomic<bool> idle{false};
    std::atomic<bool> woken_for_task{false};  // claimed for a ready task, no task taken since (wait_until)
    // Looking for a task (look_a_while): stored by the worker alone, read by
    // threads creating short tasks (runs_on_creator). A flag per worker, not
    // a count that every look changes: a thread waiting at a barrier looks,
    // and a shared count's line was one more cache miss on each barrier's way out.
    std::atomic<bool> looking{false};
    std::atomic<double> notified_at{-1};  // instrumented runs: when a ready task woke it

    alignas(64) std::atomic<Task*> current{nullptr};  // task whose body runs on this worker (read by can_take)
    // current->implicit, for other threads: the task they see as current may
    // complete and be reused under them.
    std::atomic<bool> current_implicit{false};
    std::atomic<Task*> pinned{nullptr};   // ready implicit task waiting for this worker
    std::vector<Task*> task_cache;        // recycled tasks (task_pool.cpp)
    int inflight_credit = 0;              // see Runtime::count_submission
    std::atomic<uint64_t> completed{0};   // tasks it completed (relaxed: for the summary and progress)
    std::atomic<uint64_t> run_at_once{0};  // tasks it ran on creating them (count_task_run_at_once)
    std::atomic<double> last_end{0};      // end of its last completion: the makespan is the largest
    // It completed tasks since it last wrote last_end: it writes it when it
    // next finds no task (next_task), so that tasks run back to back cost one
    // clock read, not one each (natively a clock read is a tenth of a task).
    bool end_unstamped = false;
    // Monotonic clock at the end of its last kernel, -1 after a wait: the
    // runtime's work between two kernels run back to back (instrumented runs).
    double after_kernel = -1;
    // Instrumented runs: when its look found the task after such a kernel
    // (hcc.task's end, hcc.taskstart's start); -1 otherwise.
    double found_at = -1;
    // Instrumented runs: the wait it is in times its end segment
    // (hcc.waitend), which begins at the end of the last kernel it runs:
    // every kernel's end is read, not one in kSamplePeriod (wait_until).
    bool wait_times_end = false;
    std::deque<TaskRecord> records;  // of the tasks it ran, until shutdown hands them to the trace
    // The runtime's costs it measured (instrumented runs) and its kernels'
    // durations (native runs that keep history), recorded into the models a
    // batch at a time (keep_observation).
    std::vector<Observation> observations;
    bool long_kernels = true;  // its last kernel took kShortInterval or more (instrumented runs)
    KernelTally tally;         // instrumented runs: finds fine-grained kernels
    uint32_t creations = 0;  // creations(): tasks it created, submitted or run at once
    uint32_t deferring = 0;  // runs_on_creator: short tasks it still defers of its burst
    uint32_t runs_since_timed = 0;  // times_run
    uint32_t time_period = ShortTasks::kTimePeriod;  // times_run, observe_run
    // Simulation: CPU seconds charged after each kernel, before the worker's
    // next look (hcc.task), and before each kernel (hcc.taskstart); without
    // an hcc.taskstart model, task_cost before each kernel.
    double task_cost = 0;
    double task_start_cost = 0;
    bool task_cost_split = false;
    bool kernel_ended = false;  // simulation: its task_cost after its last kernel is still to charge
    bool in_loop_chunk = false;  // runs a worksharing loop's chunk (rt/program/loop_nests.hpp)
    double wake_latency = 0;  // simulation: seconds from being woken to running
    double notice_latency = 0;  // simulation: seconds for it, looking, to see its implicit task or its wait's end (hcc.notice)
    // Simulation: when it began looking for a task, as a native worker that
    // finds none looks (until_next_scan); < 0 while it runs one.
    double looking_since = -1;
    // Instrumented runs: the body's seconds of the implicit task it runs
    // (implicit_body_measured), kImplicitBodyPending until then, or
    // kImplicitBodyUntimed.
    double implicit_body = kImplicitBodyUntimed;
    // A GPU worker's kernels that ran once already: a kernel's first run
    // initialises its libraries (cuBLAS handles, workspaces, code loaded on
    // first use) and has a model of its own (kernels.cpp).
    std::vector<const hcc_codelet*> warmed;
  };
  // A thread blocked in a wait call, with what it waits for.
  struct Blocked {
    Waiter* waiter;
    const std::function<bool()>* ready;
    double notified_at = -1;  // instrumented runs: when it was told to go on
  };
  // A worker's call waiting for the program's thread (call_on_program_thread).
  struct ProgramThreadCall {
    const std::function<void()>* call;
    Waiter* caller;
    std::atomic<bool> done{false};
  };

  // Some worker looks for a task or is idle (runs_on_creator).
  bool some_worker_looks() const {
    if (idle_count_.load(std::memory_order_relaxed) > 0) return true;
    for (int i = 0; i < nworkers_; ++i)
      if (workers_[i].looking.load(std::memory_order_relaxed)) return true;
    return false;
  }

  // Submission and dependencies (submission.cpp, dependencies.cpp).
  // Whether it left t to its submitter to run (throttle: TaskOptions::throttle).
  bool enqueue(Task* t, int self, std::optional<uint64_t> id, bool throttle);
  void count_creation(int w) {
    if (w >= 0 && w < nworkers_) ++workers_[w].creations;
  }
  int add_dependencies(Task* t);
  bool depend_on(Task* t, const TaskRef& pred);
  static bool finished(const TaskRef& r);
  void drop_finished(Handle* h);
  SmallVector<Task*, 8> unfinished_tasks(Handle* h);
  bool in_use(Handle* h);
  void wait_tasks(const SmallVector<Task*, 8>& tasks);
  void drop_scope(DependencyScope& scope);
  Handle* new_handle(void* addr, uint64_t size);
  DependencyScope& caller_scope(int self);  // self: the calling worker (self_worker())

  // Task memory (task_pool.cpp).
  // self: the calling worker, -1 for the application; with_block: the caller
  // writes the task's inline_arg too (prefetched for the next one as well)
  Task* new_task(int self, bool with_block = false);
  Task* take_task(int self, bool with_block);  // new_task without the reset
  void count_submission(int self);
  bool count_completion(int self);
  bool return_credit(int self);
  void count_child(Task* parent);
  bool return_child_credit(Task* t);
  bool return_credits_to_wait(int self, Task* running);
  void count_in_region(Task& t, Task* parent);
  bool return_region_credit(Task& t);
  int& credit_of(int self);
  void release(Task* t);  // drops one reference; recycles at zero
  std::vector<Task*>& task_cache_of(int self);

  // Readiness, waking and the worker loop (workers.cpp).
  // keep_for_self: by_worker takes a task from its own queue next; a task
  // queued there then wakes no other worker (returns true).
  bool make_ready(Task* t, int by_worker, bool keep_for_self = false);
  bool wake(int w);
  Task* idle_wait(int w);
  Task* look_a_while(int w);
  // look_a_while's rounds: after a scan of the others' queues, twice as many
  // plus one in its own alone as before the last (between: those), up to
  // kMaxRoundsBetweenScans. Shared with the simulated look (until_next_scan).
  static constexpr int kMaxRoundsBetweenScans = 127;  // 10-20 us: a round takes 0.05-0.15 us
  static constexpr int rounds_before_next_scan(int between) {
    return std::min(2 * between + 1, kMaxRoundsBetweenScans);
  }
  // Simulation: whether idle worker w looks as a native one does
  // (until_next_scan), and the seconds until it next scans.
  bool scans_as_native(int w);
  double until_next_scan(const Worker& me) const;
  void look_until_next_scan(Worker& me);
  bool others_queued(int w) const;
  void rounds_measured(double from, double scanning, int scans, int own_rounds);
  static bool descends_from(const Task& t, const Task& ancestor);  // ancestry.cpp
  static void link_ancestry(Task& t, const Task* parent);
  void worker_loop(int w);
  Task* next_task(int w, bool last_look, bool own_queue_only = false);  // last_look: Scheduler::pop
  void charge_before_look(int w, bool own_queue_only);
  // Accesses that a task must hold alone while it runs: mutexinoutset, and
  // inoutset when there are several memory nodes, because two members of a
  // set updating copies on two nodes at once would lose one of the updates.
  bool exclusive(int mode) const { return mode == HCC_COMMUTE || (mode == HCC_INOUTSET && !single_node_); }
  bool take_commute(Task* t);
  void run_task(Task* t, int w);
  [[gnu::noinline]] void execute_with_data(Task* t, int w);
  void execute_and_time(Task* t, int w, const Buffers& buffers);
  void complete(Task* t, int w, int self);
  bool count_out(Group& g, int n = 1);
  void progress();
  uint64_t completed() const;

  // Bodies (kernels.cpp).
  void execute_body(Task* t, int w, const Buffers& buffers);
  [[gnu::noinline]] void execute_body_kept(Task* t, int w, const Buffers& buffers);
  [[gnu::noinline]] void run_body_natively(Task* t, int w, const Buffers& buffers, bool first_on_gpu);
  [[gnu::noinline]] void simulate_body(Task* t, int w, const Buffers& buffers, bool first_on_gpu);
  [[gnu::noinline]] double run_body_in_simulation(Task* t, int w, const Buffers& buffers);
  static std::string format_params(const Task& t);
  static std::string format_params(const hcc_codelet& codelet, const double* values, size_t n);
  void record(Task* t, int w, double end);
  std::optional<double> model_duration(const Task& t, const std::string& kernel, const std::string& arch,
                                       bool sample) {
    return model_duration(*t.codelet, t.params.begin(), t.params.size(), t.footprint, kernel, arch, sample);
  }
  std::optional<double> model_duration(const hcc_codelet& cl, const double* params, size_t nparams,
                                       uint64_t footprint, const std::string& kernel, const std::string& arch,
                                       bool sample);
  std::optional<double> model_duration_unchecked(const hcc_codelet& cl, const double* params, size_t nparams,
                                                 uint64_t footprint, const std::string& kernel,
                                                 const std::string& arch, bool sample);

  // The runtime's own costs (runtime_costs.cpp).
  void load_runtime_costs();
  double cost_model(const char* kernel, const std::string& arch);  // with the models loaded (runtime_costs.cpp)
  double notice_model(const std::string& arch, double fallback);
  bool calibrated(const char* kernel, const std::string& arch, uint64_t footprint);
  // An instrumented run's samples of its short bursts, for the simulation's
  // models (rt/program/burst_models.hpp): from the start of the run to the
  // join of its workers at shutdown.
  void start_burst_samples();
  void stop_burst_samples();
  void record_model(const std::string& kernel, const std::string& arch, uint64_t footprint, uint64_t bytes,
                    double seconds, uint32_t weight = 1);
  // An observation of one of the runtime's own costs (runtime_costs.hpp):
  // a worker keeps it and records its observations a batch at a time, at
  // kObservationBatch and at shutdown (taking the models' lock per observation,
  // three times per task, was a third of an instrumented fine-grained
  // run's time); other threads record it at once.
  void record_cost(const char* kind, const std::string& arch, double seconds);
  // A kernel's duration observed by worker w: into the models now, or with
  // the worker's next batch (batch_observations_).
  // weight: how many runs it stands for (run_weight_of).
  void record_observation(int w, const char* kernel, const std::string& arch, uint64_t footprint, uint64_t bytes,
                          double seconds, uint32_t weight);
  void keep_observation(int w, const Observation& o);  // recorded with worker w's batch
  void flush_observations(std::vector<Observation>& batch);
  void record_observations(const Observation* first, const Observation* last);  // takes the models' lock
  bool interrupted(const Observation& o);  // with the models' lock (runtime_costs.hpp)
  // A record row of the program's own code (record_program_code).
  void append_program_record(const std::string& kernel, double start, double end, double seconds,
                             uint64_t footprint, std::string params, uint32_t weight = 1);
  double cpu_clock_read_cost();
  double cpu_between(double from, double to) const;
  double cpu_since(double start);
  double wall_clock_read_cost();
  double cost_between(double from, double to) const;
  double cost_since(double from);
  std::string records_path() const;

  // Waiting (waiting.cpp).
  void block_until(const std::function<bool()>& ready, bool help) { wait_until(ready, help, false); }
  void block_locked(const std::function<bool()>& ready) { wait_until(ready, false, true); }
  void wait_until(const std::function<bool()>& ready, bool help, bool lock_held, Seats seats = {});
  bool run_own_children(int w, Task* t);
  void waited_for_nothing(bool program_wait, double from);
  [[gnu::noinline]] void wait_for_children(Task* t);
  [[gnu::noinline]] void wait_for_inflight();
  void register_wait(Blocked& b, bool lock_held, const Seats& seats);
  void unregister_wait(Blocked& b, bool lock_held, const Seats& seats);
  void notify_blocked();
  void app_woken(Blocked& b);
  void counter_reached_zero();

  // Coherence and memory (coherence.cpp); called with the control lock held
  // (bytes_on_node and expected_transfer take it themselves).
  void acquire_data(Task* t, int node, Buffers& buffers);
  void release_data(Task* t, int node);
  void fetch(Handle* h, int node, int worker);
  void make_room(Task* t, size_t acquired, int node, uint64_t bytes, Handle* keep, int worker);
  void evict(Handle* h, int node, int worker);
  void account(int node, int64_t delta);
  void touch(Handle* h, int node);
  void pin_home(Handle* h);
  void allocate_replica(Handle* h, int node);
  void prefetch_next(int worker);
  void write_back_idle_data();

  const uint64_t id_;  // tells this runtime from earlier ones in the process
  Rank& rank_;         // the rank it serves (ranks.hpp)
  std::unique_ptr<Extension> extension_;
  const Config config_;
  std::unique_ptr<Backend> backend_;
  // backend_->simulated(), read without a virtual call where every task
  // and completion passes (count_out).
  const bool simulated_;
  std::unique_ptr<Scheduler> scheduler_;
  std::unique_ptr<TraceRecorder> trace_;
  // Guards the kernel models, the random draws from them and the task
  // records: instrumented runs and model-based schedulers only.
  std::mutex models_mutex_;
  // Each runtime cost's interruption bound (runtime_costs.hpp), by its name
  // and its architecture (constants of the runtime: compared by address),
  // once its model holds its first observations (models_mutex_).
  std::map<std::pair<const void*, const void*>, double> cost_bounds_;
  models::ModelStore models_;
  std::map<std::string, LoopContention> loop_contention_;  // by loop kernel (models_mutex_)
  // Split loops (split_loops.cpp): their kernels and histories, by name.
  std::optional<double> regression_over(const std::string& kernel, const std::string& arch, const std::string& param,
                                        double value);
  std::optional<double> scaled_from_closest(const std::string& kernel, const std::string& arch, uint64_t footprint,
                                            bool sample);
  std::optional<double> split_side_model(const std::string& kernel, const std::string& arch, double iterations);
  void seed_split_side(SplitSide& side, const std::string& kernel, const std::string& arch, long n, int parts,
                       int rounds, const hcc_split_section* sections, int nsections,
                       const std::vector<int>& gpu_nodes, double setup);
  double split_allocations(long n, const hcc_split_section* sections, int nsections,
                           const std::vector<int>& gpu_nodes);
  void split_workers(bool cuda, std::vector<int>& cpus, std::vector<int>& gpus, double* cpu_slowdown) const;
  SplitRun& split_start(const std::string& name, long n, const hcc_split_section* sections, int nsections,
                        hcc_split_fn cuda, void* arg, const std::vector<int>& gpus, int cpu_parts,
                        int cpu_rounds, const std::string& cpu_kernel, double cpu_slowdown);
  void split_finish(const std::string& name, double cpu_end);
  void pin_split_extents(SplitKernels* kernels, long n, const hcc_split_section* sections, int nsections);
  std::mutex split_mutex_;
  std::map<std::string, std::unique_ptr<SplitKernels>> split_kernels_;
  std::map<std::string, SplitHistory> split_histories_;
  std::map<std::string, std::unique_ptr<SplitRun>> split_runs_;  // started, not ended
  std::mt19937_64 rng_;
  // The workers by number: the machine's (contiguous), then those added for
  // teams (add_team_worker), each allocated when added. The table of
  // pointers never moves, so that threads read it while one adds.
  class WorkerTable {
   public:
    void init(int machine_workers, int capacity);
    Worker& operator[](int w) const { return *slots_[w]; }
    Worker& add(int w);
   private:
    std::unique_ptr<Worker[]> machine_;
    std::unique_ptr<Worker*[]> slots_;
    std::vector<std::unique_ptr<Worker>> added_;
  };
  const WorkerDesc& desc(int w) const;  // the machine's, or a team worker's (the first CPU worker's)
  WorkerTable workers_;
  int nworkers_ = 0;  // the machine's workers
  std::atomic<int> nteam_workers_{0};  // added for teams, numbered from nworkers_
  int thread_limit_ = 1;
  int worker_capacity_ = 0;
  WorkerDesc team_desc_;
  bool single_node_ = true;  // no coherence to keep: buffers are the data's own addresses
  std::unique_ptr<Waiter> app_waiter_;
  // Workers' calls for the program's thread, under the control lock; how
  // many, read without it (run_program_thread_calls, at every MPI call of
  // a simulated rank's main thread and every round of its waits).
  std::deque<ProgramThreadCall*> program_thread_calls_;
  std::atomic<int> program_thread_calls_pending_{0};
  Group* app_taskgroup_ = nullptr;  // innermost taskgroup open in the application
  DependencyScope app_deps_;  // dependencies among the application's tasks (SiblingScope; control lock)

  // Waiting threads, under the control lock; blocked_count_ lets completions
  // that reach a zero skip the lock when no one waits.
  std::vector<Blocked*> blocked_;
  // Read by completions that reach a zero, written when a thread blocks or
  // stops blocking (the workers of an OpenMP team at a barrier, at every
  // task they find).
  alignas(64) std::atomic<int> blocked_count_{0};
  // Read at every push, written when a worker parks: on a line of its own
  // (next to blocked_count_, every push of an OpenMP task-creating thread
  // missed it).
  alignas(64) std::atomic<int> idle_count_{0};  // workers announced idle

  SpinLock pool_lock_;  // guards the three below
  std::vector<std::unique_ptr<Task[]>> task_slabs_;
  std::vector<Task*> free_tasks_;
  std::vector<Handle*> retired_handles_;  // dropped with copies on other nodes (drop_scope)

  // Under the control lock.
  std::map<const void*, Handle*> handles_;
  std::map<void*, uint64_t> host_allocations_;
  std::vector<uint64_t> node_used_;
  std::vector<std::list<Handle*>> node_lru_;  // least recently used first
  // OpenMP depend handles written by tasks on other nodes than main memory
  // since the last program-level wait (write_back_idle_data).
  std::vector<Handle*> written_elsewhere_;

  alignas(64) std::atomic<uint64_t> next_task_id_{0};  // written by submitters only
  // Submitted, not completed, plus the credits that submitting threads hold
  // (count_submission): never zero while a task is in flight.
  alignas(64) std::atomic<int> inflight_{0};
  int resume_submitting_ = 0;     // HCC_MAX_SUBMITTED: the in-flight count a blocked submitter waits for
  alignas(64) std::atomic<bool> stopping_{false};
  bool keep_records_ = false;
  bool keep_history_ = false;
  bool batch_observations_ = false;  // kernels' observations go to the models a batch at a time
  // Tasks keep their parameters and footprint: something reads them (records,
  // models, simulated durations).
  bool keep_params_ = false;
  // The runtime's own CPU costs on this machine (see runtime_costs.cpp):
  // measured by instrumented runs, charged by simulations.
  double wait_cost_ = 0;      // hcc.wait, charged at each wait of a worker (simulation)
  double wait_end_cost_ = 0;  // hcc.waitend, charged at the end of each wait that ran a task or parked
  double empty_wait_cost_ = 0;  // hcc.emptywait, charged at each wait with nothing to wait for (simulation)
  double inline_cost_ = 0;  // hcc.inline, charged at each task run on its creator (simulation)
  double included_cost_ = 0;  // hcc.included, charged at each task run when created (simulation)
  double fork_cost_ = 0;      // hcc.fork, charged at each team region's start (simulation)
  double join_cost_ = 0;      // hcc.join, charged at each team region's end (simulation)
  double implicit_cost_ = 0;  // hcc.implicit, charged at each implicit task's start (simulation)
  bool measure_costs_ = false;
  // Instrumented runs time a sample of fine-grained events (instrument_sampling.hpp).
  bool sample_events_ = false;
  FineKernels fine_kernels_;
  ShortTasks short_tasks_;  // runs_on_creator
  double submit_cost_ = 0;  // simulation: CPU seconds charged for one hcc_submit
  double look_round_ = 0, scan_round_ = 0;  // simulation: hcc.look, hcc.scan (until_next_scan)
  double app_wake_latency_ = 0;  // simulation: seconds from the application thread being woken to running
  double cpu_clock_cost_ = 0;   // instrumented runs: one read of the thread CPU clock
  double wall_clock_cost_ = 0;  // instrumented runs: one read of the monotonic clock
  std::deque<TaskRecord> app_records_;  // rows of the application thread's own code (models_mutex_)
  bool show_progress_ = false;
  std::atomic<bool> progress_shown_{false};
  std::atomic<double> last_progress_{0};
  alignas(64) std::atomic<uint64_t> run_at_once_{0};  // count_task_run_at_once, on the application thread
  std::atomic<double> at_once_end_{0};                 // work_run_at_once_ended
  bool has_cpu_workers_ = false, has_cuda_workers_ = false;
  // Simulation only (one actor runs at a time): kernels timed natively for
  // lack of a model, observations so far; kernels warned about.
  std::map<std::pair<std::string, uint64_t>, int> calibrating_;
};

// The process's runtime, started on first use and shut down at exit when
// the program did not call hcc_init (OpenMP programs). Exits after printing
// why when it cannot start.
Runtime& runtime_on_demand();
// Starts the running rank's runtime, as hcc_init does (the program's thread
// is not a worker) or as runtime_on_demand does (it is worker 0); 0, or -1
// after printing why it could not. A simulation starts it before main.
int start_runtime(bool program_thread_works);

}  // namespace hcc::rt
