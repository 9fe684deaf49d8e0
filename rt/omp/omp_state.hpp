// The OpenMP layer's state: teams of parallel regions, what each thread is
// running, and the synchronisation that OpenMP constructs share.
//
// Team threads are the runtime's CPU workers (actors in simulation): thread
// t of a team runs its implicit task, a task pinned to worker t, and every
// thread of a team runs the region's explicit tasks when it waits. Shared
// state is guarded by the runtime's control lock, and threads wait through
// it (Runtime::wait_locked), so the same code runs natively and in
// simulation. Per-thread state is indexed by the calling worker, not kept in
// thread_local storage: simulated actors share one system thread.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdarg>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "doacross.hpp"
#include "kmp.hpp"
#include "loops.hpp"
#include "runtime.hpp"
#include "small_vector.hpp"

namespace hcc::omp {

struct TaskReduction;  // task_reduction.cpp
struct Mutex;

// What `cancel` cancels (its kind argument, as clang passes it).
enum Cancel : int { kCancelNone = 0, kCancelParallel = 1, kCancelLoop = 2, kCancelSections = 3, kCancelTaskgroup = 4 };

// A taskgroup, with OMP_CANCELLATION: `cancel taskgroup` discards the tasks
// created in it that have not started (as libomp, those of taskgroups
// nested in it run).
struct Taskgroup {
  Taskgroup* parent = nullptr;  // the one open around it in the same task
  std::atomic<bool> cancelled{false};
};

// What one thread of a team has met of the team's worksharing constructs.
// A line of its own: each thread writes its member at every chunk of a
// dynamic loop (ordered_iteration), which moved its neighbour's line.
struct alignas(64) Member {
  uint64_t singles = 0;  // single constructs met
  uint64_t loops = 0;    // dynamically dispatched loops met
  Loop* loop = nullptr;  // the one it is in
  uint64_t chunk = 0;    // static schedules through dispatch: next chunk of this thread
  uint64_t ordered_iteration = 0;  // ordered loops: the iteration it runs
  uint64_t lower = 0;  // the loop's lower bound, as the bits of its type
  const ident_t* loc = nullptr;  // where the loop is written (loop_kernels.hpp)
  int64_t stride = 1;
  uint64_t task_reductions = 0;  // constructs with reduction(task, ...) met
  uint64_t doacross_loops = 0;   // doacross loops met
  Doacross* doacross = nullptr;  // the one it is in
  bool operator==(const Member&) const = default;
};

// Sets a field that the threads of a team read to a value, writing it only
// if it differs (Team::renew).
template <typename T>
void keep_or_set(T& field, const T& value) {
  if (!(field == value)) field = value;
}
template <typename T>
void keep_or_set(std::atomic<T>& field, T value) {
  if (field.load(std::memory_order_relaxed) != value) field.store(value, std::memory_order_relaxed);
}

struct Team {
  int nthreads = 1;
  int level = 0;         // parallel regions around it, serialised ones too
  int active_level = 0;  // those with more than one thread
  bool serialized = true;  // one thread: its explicit tasks run when created...
  // ...until one is detachable: its dependents must wait for its event,
  // which may be fulfilled later, so from then on the team's tasks go to the
  // runtime, whose dependencies and detach order them (read by the team's
  // tasks on other threads once deferred).
  std::atomic<bool> defers{false};
  const Team* parent = nullptr;
  int parent_tid = 0;
  std::vector<int> workers;  // the worker of each thread number (not serialised)
  // Explicit tasks of the region, which barriers wait for: the children of
  // the implicit tasks (their pending_children), and the tasks below them
  // (tasks: see rt::TaskState::region).
  rt::Group tasks;
  std::vector<rt::Task*> implicit_tasks;  // by thread number, valid until the region's end (barrier)
  rt::Group implicit;        // implicit tasks not ended yet
  // Barrier (barrier()): the threads arrived at the current one, the
  // barriers passed, and by thread number the seat of a thread waiting at
  // one (rt::Runtime::wait_in).
  std::atomic<int> arrived{0};
  std::atomic<int> joined{0};  // threads at the region's end, when it has team workers (barrier)
  std::atomic<uint64_t> generation{0};
  std::unique_ptr<rt::Seat[]> seats;
  int seat_capacity = 0;
  // single, copyprivate.
  std::atomic<uint64_t> singles_taken{0};  // single constructs taken (__kmpc_single)
  void* copyprivate = nullptr;
  std::map<uint64_t, std::unique_ptr<Loop>> loops;  // by ordinal among the team's loops
  std::map<uint64_t, std::unique_ptr<Doacross>> doacross;  // by ordinal among its doacross loops
  std::map<uint64_t, TaskReduction*> task_reductions;       // reduction(task, ...), by ordinal
  std::vector<Member> members;
  // The work per iteration of the loop of a combined `parallel for`, which
  // its encountering thread was told (loop_kernels.hpp); 0: not counted.
  double loop_work = 0;
  // The construct a thread cancelled (Cancel): a parallel region until it
  // ends, a worksharing loop or sections until the barrier that ends it.
  std::atomic<int> cancel_request{kCancelNone};
  // Host teams (teams.cpp): the league the region is in, this team's number
  // in it and the thread limit of its regions (0: none); a region inside
  // inherits them. league: a team whose thread t runs the league's team t.
  int num_teams = 1, team_num = 0, thread_limit = 0;
  bool league = false;
  // run-sched-var of the task that started the region, which its
  // schedule(runtime) loops use (kind 0: the runtime's, State::run_schedule).
  RunSchedule schedule{0, 0};

  int tid_of_worker(int worker) const;
  // nthreads threads, each with its worksharing state and barrier seat.
  void resize(int n) {
    keep_or_set(nthreads, n);
    if (members.size() != static_cast<size_t>(n)) members.resize(n);
    if (n > seat_capacity) {
      seats = std::make_unique<rt::Seat[]>(n);
      seat_capacity = n;
    }
  }
  // The team of a region that ended, ready for the next as a new team is
  // (its workers, implicit tasks and size set by the next region): every
  // field back to its initial value, written only where it changed, its
  // vectors and seats kept (a region's team allocates nothing). The team's
  // threads read its lines when the next region starts: a line written
  // again, even with the values it held, is a cache miss for each of them,
  // and renewing the team by destroying and constructing it wrote all of
  // them (a worker's first read of the team was half of its implicit
  // task's start, perf). A field added to Team is reset here.
  void renew() {
    static_assert(sizeof(rt::Group) == 48, "renew() resets every field of a Group");
    keep_or_set(level, 0);
    keep_or_set(active_level, 0);
    keep_or_set(serialized, true);
    keep_or_set(defers, false);
    keep_or_set(parent, static_cast<const Team*>(nullptr));
    keep_or_set(parent_tid, 0);
    for (rt::Group* g : {&tasks, &implicit}) {
      keep_or_set(g->pending, 0);
      keep_or_set(g->enclosing, static_cast<rt::Group*>(nullptr));
      keep_or_set(g->waiter, static_cast<rt::Waiter*>(nullptr));
      keep_or_set(g->last_out_at, -1.0);
      keep_or_set(g->other_out_at, -1.0);
      keep_or_set(g->last_out_by, -1);
    }
    keep_or_set(arrived, 0);  // generation counts on: a barrier compares it with itself
    keep_or_set(joined, 0);
    keep_or_set(singles_taken, uint64_t{0});
    keep_or_set(copyprivate, static_cast<void*>(nullptr));
    if (!loops.empty()) loops.clear();
    if (!doacross.empty()) doacross.clear();
    if (!task_reductions.empty()) task_reductions.clear();
    for (Member& m : members) keep_or_set(m, Member{});
    keep_or_set(loop_work, 0.0);
    keep_or_set(cancel_request, static_cast<int>(kCancelNone));
    keep_or_set(num_teams, 1);
    keep_or_set(team_num, 0);
    keep_or_set(thread_limit, 0);
    keep_or_set(league, false);
    keep_or_set(schedule, RunSchedule{0, 0});
  }
};
static_assert(sizeof(Team) == 432, "a field added to Team is reset in Team::renew()");

// A task a thread runs: an implicit task of a team or an explicit task.
struct Context {
  Team* team = nullptr;
  int tid = 0;
  bool final = false;     // in a final task: tasks created run at once and are final
  bool explicit_task = false;
  uint16_t depth = 0;     // of the task in the tree of tasks (an implicit task's: 0), at most 65535
  Taskgroup* taskgroup = nullptr;  // the innermost one the task is in (OMP_CANCELLATION only)
  // The task's nthreads-var and run-sched-var when omp_set_num_threads or
  // omp_set_schedule set them inside a region (data environment ICVs: that
  // task's, and inherited by the tasks it runs on its thread and by the
  // regions it starts); 0: its team's, else the state's (nthreads_var,
  // run_schedule_of).
  int nthreads = 0;
  RunSchedule schedule{0, 0};
  // thread-limit-var as a target construct's thread_limit sets it
  // (__kmpc_set_thread_limit, in the undeferred task clang wraps the
  // region in), inherited as nthreads; 0: its team's, else the runtime's.
  int thread_limit = 0;
};

// The values the compiler evaluated for a task, when it said any: on the
// heap, so that the task descriptor of the common task (a native build's,
// which captures none) stays within two cache lines.
struct TaskValues {
  std::vector<double> params;  // empty when not captured
  int priority = 0;
  bool has_priority = false;
  size_t mem_alloc = 0, mem_free = 0;
  std::vector<unsigned char> cuda_args;  // the block info->cuda reads
  // With OMP_CANCELLATION: the taskgroup the task was created in, whose
  // cancellation discards it (not the compiler's, but as rare).
  Taskgroup* taskgroup = nullptr;
};

// What the compiler said of a task (hcc_omp_next_task).
struct TaskAttributes {
  const hcc_omp_task_info* info = nullptr;  // nullptr: nothing said
  std::unique_ptr<TaskValues> values;       // nullptr: none evaluated

  TaskAttributes() = default;
  TaskAttributes(TaskAttributes&&) = default;
  TaskAttributes& operator=(TaskAttributes&&) = default;
  // taskloop's copies of its pattern task.
  TaskAttributes(const TaskAttributes& o)
      : info(o.info), values(o.values ? std::make_unique<TaskValues>(*o.values) : nullptr) {}
};

// On cache lines of its own: each thread changes its contexts at every task
// it runs, and its neighbour's submissions read theirs.
struct alignas(64) Thread {
  // Innermost last; [0]: the initial or implicit task. Inline up to a few
  // levels: a task run on its creator pushes one and pops it.
  rt::SmallVector<Context, 8> contexts;
  TaskAttributes next_task;      // what the compiler said of the next task this thread creates
  // Open taskgroups, innermost last: their task reductions, or nullptr.
  std::vector<TaskReduction*> taskgroups;
  int next_num_threads = 0;  // __kmpc_push_num_threads, for the next parallel region
  int next_num_teams = 0, next_thread_limit = 0;  // __kmpc_push_num_teams, for the next teams construct
  bool reduce_locked = false;  // its last __kmpc_reduce took the construct's mutex (parallel.cpp)
  // Runs that measure the runtime's costs: when its last task_alloc began
  // (rt::TaskOptions::kNotTimed: that submission is not timed).
  double task_alloc_at = -1;
  double task_alloc_seconds = 0;  // the time of that allocation, when timed
  // The undeferred tasks (if(0)) it runs, innermost last: the runtime's
  // seconds on each so far, < 0 when not timed (tasks.cpp, hcc.included).
  std::vector<double> undeferred_costs;
  // The codelets of the last task constructs this thread submitted, by their
  // key in State::codelets: a loop of tasks, or a recursion that creates
  // tasks of a few kinds in turn, finds them without the control lock.
  struct KnownCodelet {
    std::pair<const void*, int> key{nullptr, -1};
    const hcc_codelet* codelet = nullptr;
  };
  std::array<KnownCodelet, 4> known_codelets;
  unsigned next_known_codelet = 0;  // the entry replaced next
  // The deepest task it created (TaskHeader::depth): a task created in the
  // deeper half is not handed to a worker that looks for work (submit,
  // rt::Runtime::runs_on_creator).
  uint16_t deepest_creation = 0;
  // The team of the last region it led, kept for its next (Team::renew).
  std::unique_ptr<Team> spare_team;
  // The work per iteration of the next worksharing loop it meets, as the
  // compiler counted it (hcc_loop_work), and of the loop it is in; 0: not
  // counted (loop_kernels.hpp).
  double next_loop_work = 0, loop_work = 0;
  // Its worksharing loop chunk in progress, in instrumented runs (loop_kernels.hpp).
  const ident_t* chunk_loc = nullptr;
  uint64_t chunk_iterations = 0;
  uint32_t chunk_weight = 1;  // the runs its observation stands for (Runtime::run_weight_of)
  double chunk_start = 0;
  double chunk_cpu = -1;     // its thread's CPU clock at its start; < 0: not read (a short chunk)
  bool long_chunks = true;   // its last timed chunk took kShortInterval or more: the CPU clock times the next
};

// The runtime's codelet of a task construct: its kernel name, and its
// parameters (the hcc params, then the size of each depend item).
struct Codelet {
  std::string name;
  std::vector<std::string> param_names;
  std::vector<const char*> param_name_ptrs;
  hcc_codelet codelet;
};

struct State final : rt::Runtime::Extension {
  explicit State(rt::Runtime& runtime);
  ~State() override;
  bool runs_as_initial_thread() override;

  rt::Runtime& rt;
  Team initial;                  // the initial thread's team: one thread, level 0
  std::vector<Thread> threads;   // [0]: any thread that is not a worker; [w + 1]: worker w of the machine
  std::vector<int> cpu_workers;  // team thread t of a full team is cpu_workers[t]
  // Teams larger than the CPU workers: their other threads are workers added
  // for them (Runtime::add_team_worker), kept for the next regions; thread
  // slots from threads.size() on, reserved so that they never move.
  std::vector<int> team_workers;          // team_workers.cpp (control lock)
  std::vector<char> team_worker_busy;     // by index in team_workers: in a team now
  bool adding_team_workers = false;
  std::vector<std::unique_ptr<Thread>> team_threads;
  // max-active-levels-var (OMP_MAX_ACTIVE_LEVELS, OMP_NESTED, a list in
  // OMP_NUM_THREADS, omp_set_max_active_levels): regions nested deeper run
  // serialised.
  int max_active_levels = 1;
  int max_threads = 1;           // nthreads-var: the size of the next team
  bool region_active = false;    // one active region at a time: the workers are its team
  bool cancellation = false;     // cancel-var (OMP_CANCELLATION): whether `cancel` cancels
  int num_teams = 0, teams_thread_limit = 0;  // nteams-var, teams-thread-limit-var (0: unset)
  // default-device-var (OMP_DEFAULT_DEVICE, omp_set_default_device): any
  // number; the host is the only device there is (devices.cpp).
  int default_device = 0;
  // run-sched-var (OMP_SCHEDULE, omp_set_schedule): schedule(runtime) loops.
  RunSchedule run_schedule;
  // Loops as kernels (loop_kernels.hpp): instrumented runs record every
  // chunk; simulations with HCC_SIM_LOOPS=model charge their models.
  bool loops_recorded = false;
  bool loops_modelled = false;
  // Simulations that charge bursts: the chunks that run are scaled by their
  // loop's contention (rt/program/loop_contention.hpp), by construct.
  bool loops_contended = false;
  struct ContendedLoop {
    rt::LoopContention* contention;  // null: the instrumented runs measured none of its chunks
    std::string kernel;              // "loop:<file>:<line>"
  };
  std::mutex contention_mutex;
  std::map<const ident_t*, ContendedLoop> contention;
  // By construct (its hcc_omp_task_info, else its outlined body) and number
  // of depend items.
  std::map<std::pair<const void*, int>, std::unique_ptr<Codelet>> codelets;
  // Simulation: the mutexes of compiler-provided words (mutex_in), under the control lock.
  std::map<void**, std::unique_ptr<Mutex>> word_mutexes;
};

// The runtime's OpenMP state, the runtime started on first use. A native
// process is one rank, with one runtime at a time, whose state is kept in
// g_native_state once made: finding it through the rank
// (runtime_on_demand) at every call cost a few percent of an OpenMP task's instructions, and a
// call to read it was 2 % of a Fibonacci's native run at cut-off 0 (perf),
// work that its simulation did not charge. A simulation has a runtime per
// rank, found each time.
extern std::atomic<State*> g_native_state;
State& state_of_rank();
inline State& state() {
  if (State* s = g_native_state.load(std::memory_order_acquire)) return *s;
  return state_of_rank();
}
int slot_of_caller(const State& s);
inline Thread& thread_at(State& s, int slot) {
  const int machine = static_cast<int>(s.threads.size());
  return slot < machine ? s.threads[slot] : *s.team_threads[slot - machine];
}
inline Thread& caller(State& s) { return thread_at(s, slot_of_caller(s)); }
// nthreads-var at a nesting level: OMP_NUM_THREADS=a,b gives b inside a region.
inline int nthreads_var(const State& s, int level) {
  const std::vector<int>& nested = s.rt.config().omp_nested_threads;
  if (level > 0 && !nested.empty()) return nested[std::min<size_t>(level, nested.size()) - 1];
  return s.max_threads;
}
// The calling task's nthreads-var: set in it, else nthreads_var.
inline int nthreads_of(const State& s, const Context& c) {
  return c.nthreads > 0 ? c.nthreads : nthreads_var(s, c.team->level);
}
// The calling task's run-sched-var: set in it, else its team's, else the
// runtime's.
inline const RunSchedule& run_schedule_of(const State& s, const Context& c) {
  return c.schedule.kind ? c.schedule : c.team->schedule.kind ? c.team->schedule : s.run_schedule;
}
// Thread slots there may be (team workers' included).
inline int slot_count(const State& s) { return s.rt.worker_capacity() + 1; }
inline Context& context(State& s) { return caller(s).contexts.back(); }

// Parallel regions (parallel.cpp), for teams.cpp: calls an outlined body
// with its captured variables; a team of n threads inside the one outer is
// in; the first CPU worker a team of the calling thread may use; runs a
// team's threads as implicit tasks pinned to its workers, from `first` on,
// and waits for them.
// A region's captured variables, inline for most regions: a vector was an
// allocation and a free per region.
using Captured = rt::SmallVector<void*, 16>;
void invoke(kmpc_micro fn, int32_t gtid, int32_t tid, const Captured& args);
void invoke(kmpc_micro fn, int32_t gtid, int32_t tid, void* const* args, size_t n);
Captured captured(int32_t argc, va_list ap);  // a fork's variable arguments
std::unique_ptr<Team> nested_team(const Context& outer, int nthreads, std::unique_ptr<Team> spare = nullptr);
int first_team_worker(const State& s);
// entered: when fork (parallel.cpp) began, on wallclock(), for hcc.fork; -1 for a region not timed.
void run_team(State& s, Team& team, kmpc_micro fn, const Captured& args, double entered = -1);
// Up to k team workers free for a team, added as needed (team_workers.cpp),
// and their release once the team's region has ended.
std::vector<int> reserve_team_workers(State& s, int k);
void release_team_workers(State& s, const std::vector<int>& workers);
// Team team_num of a league, run by the calling thread (teams.cpp).
void run_league_team(State& s, int num_teams, int team_num, int thread_limit, kmpc_micro fn,
                     const Captured& args);

// The team's barrier: every thread arrives and every explicit task of the
// region has completed; waiting threads run the region's tasks. Once the
// region is cancelled, a barrier inside it lets its threads go to the
// region's end at once; it returns whether it did. join: the region's end,
// where a thread waits for its own tasks' children only (run_team waits for
// the rest).
bool barrier(State& s, Team& team, bool join = false);
// Wakes the threads waiting at a barrier of the team: it opened, or the
// region was cancelled.
void wake_barrier_waiters(State& s, Team& team);

// A lock of OpenMP constructs (critical, locks, ordered reductions), owned
// by a thread slot; nestable ones count. Natively a thread takes it with one
// compare-and-swap, spins a while when it is held, and only then waits
// through the runtime (parked, woken by the release that sees it waiting):
// taking the control lock twice per critical section made a contended one
// twice as slow as libomp's. In simulation every acquisition waits through
// the runtime, so that a held lock blocks the simulated thread.
struct alignas(64) Mutex {
  std::atomic<int> owner{-1};
  int depth = 0;                  // written by its owner only
  std::atomic<int> parked{0};     // native: threads waiting through the runtime
  // Simulated: each thread slot's use of it, and when its last holder
  // released it.
  struct Use {
    double at = -1;       // its last acquisition
    double interval = 0;  // the typical time between its acquisitions
    uint64_t number = 0;  // its last acquisition's, in the simulation's order
  };
  std::vector<Use> uses;
  uint64_t acquisitions = 0;
  double free_at = 0;
};
// What natively an uncontended lock and unlock cost the thread (a
// compare-and-swap and an exchange), measured once: a simulation charges it
// at each acquisition, with the burst the entry ends (rt::NativeCost).
double uncontended_lock_seconds();
void acquire(State& s, Mutex& m, bool nestable);
bool try_acquire(State& s, Mutex& m, bool nestable);  // returns whether it got it
void release(State& s, Mutex& m);
// The mutex of a zero-initialised word the compiler provides (critical
// names, reduction locks), created on first use: natively stored in the
// word; in a simulation kept by the rank's state, since the word is a
// global that every rank's threads share (its Mutex would then belong to
// one rank's runtime, whose release never wakes another rank's waiters).
Mutex& mutex_in(State& s, void** word);

}  // namespace hcc::omp
