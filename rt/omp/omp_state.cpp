#include "omp_state.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <pthread.h>
#include <strings.h>

#include <vector>

#include "bursts.hpp"
#include "cpu_clock.hpp"
#include "loops.hpp"
#include "spin_lock.hpp"
#include "task_reduction.hpp"

namespace hcc::omp {

namespace {

// An OpenMP boolean variable (OMP_CANCELLATION, OMP_NESTED) set to true or 1.
bool env_true(const char* name) {
  const char* v = std::getenv(name);
  return v && (std::strcmp(v, "1") == 0 || strcasecmp(v, "true") == 0);
}

}  // namespace

int Team::tid_of_worker(int worker) const {
  auto it = std::find(workers.begin(), workers.end(), worker);
  return it == workers.end() ? 0 : static_cast<int>(it - workers.begin());
}

State::State(rt::Runtime& runtime) : rt(runtime) {
  const rt::Machine& m = rt.machine();
  for (size_t w = 0; w < m.workers.size(); ++w)
    if (m.workers[w].arch == "cpu") cpu_workers.push_back(static_cast<int>(w));
  // nthreads-var: OMP_NUM_THREADS's first number, as libomp reads it, in
  // simulations too (where the platform's cores are the CPU workers, and a
  // larger team's other threads are workers added for it); else the CPU
  // workers.
  max_threads = std::min(rt.config().omp_num_threads.value_or(std::max<int>(1, static_cast<int>(cpu_workers.size()))),
                         rt.thread_limit());
  if (const char* v = std::getenv("OMP_SCHEDULE"); v && *v && !parse_schedule(v, run_schedule))
    std::fprintf(stderr, "hccsim: warning: OMP_SCHEDULE=%s: expected static, dynamic, guided or auto[,chunk]; using static\n", v);
  cancellation = env_true("OMP_CANCELLATION");
  // Nesting (libomp's reading): a list in OMP_NUM_THREADS or OMP_NESTED=true
  // allow every level, OMP_MAX_ACTIVE_LEVELS says how many.
  if (!rt.config().omp_nested_threads.empty() || env_true("OMP_NESTED")) max_active_levels = INT32_MAX;
  if (const char* v = std::getenv("OMP_MAX_ACTIVE_LEVELS")) max_active_levels = std::max(0, std::atoi(v));
  if (const char* v = std::getenv("OMP_NUM_TEAMS")) num_teams = std::max(0, std::atoi(v));
  if (const char* v = std::getenv("OMP_TEAMS_THREAD_LIMIT")) teams_thread_limit = std::max(0, std::atoi(v));
  if (const char* v = std::getenv("OMP_DEFAULT_DEVICE")) default_device = std::max(0, std::atoi(v));
  loops_recorded = rt.mode() == HCC_MODE_INSTRUMENT;
  loops_modelled = rt.simulated() && rt.config().sim_loops == "model";
  loops_contended = rt.scales_loop_contention();
  initial.resize(1);
  // Every thread starts in the initial task: a worker running tasks of the
  // C ABI, or a thread of the program's own, is thread 0 of a team of one.
  threads.resize(m.workers.size() + 1);
  for (Thread& t : threads) t.contexts.push_back(Context{&initial, 0});
  team_threads.reserve(static_cast<size_t>(slot_count(*this)) - threads.size());
}

std::atomic<State*> g_native_state{nullptr};

State::~State() {
  State* self = this;
  g_native_state.compare_exchange_strong(self, nullptr);
}

State& state_of_rank() {
  rt::Runtime& rt = rt::runtime_on_demand();
  std::unique_ptr<rt::Runtime::Extension>& ext = rt.extension();
  if (!ext) {
    ext = std::make_unique<State>(rt);
    if (!rt.simulated()) {
      g_native_state.store(static_cast<State*>(ext.get()), std::memory_order_release);
      // A child of fork() starts a runtime of its own (capi.cpp), and its state with it.
      static const int forgets_at_fork = pthread_atfork(nullptr, nullptr, [] { g_native_state.store(nullptr); });
      (void)forgets_at_fork;
    }
  }
  return static_cast<State&>(*ext);
}

int slot_of_caller(const State& s) { return s.rt.self_worker() + 1; }

bool State::runs_as_initial_thread() {
  const Context& c = context(*this);
  int tid = c.tid;
  const Team* team = c.team;
  if (team->level == 0) return false;  // a worker outside any region
  for (; team && team->level > 0; team = team->parent) {
    if (tid != 0) return false;
    tid = team->parent_tid;
  }
  return true;
}

namespace {

// The end of a region with team workers (threads added beyond the CPU
// workers), which run the region's tasks only while they are in its team
// (rt::Runtime::can_take): they stay and run them until every thread has
// ended its own part and the tasks below are done, as libomp's threads wait
// at a region's end. A program may count on another thread than the
// creating one to run a task (a producer that waits for its task to start:
// OpenMP conformance tests that ask for more threads than OMP_NUM_THREADS).
void join_with_team_workers(State& s, Team& team) {
  if (team.joined.fetch_add(1) + 1 == team.nthreads) s.rt.notify_waiters();
  if (s.rt.self_worker() < s.rt.worker_count()) return;
  s.rt.wait_in([&team] { return team.joined.load() == team.nthreads && team.tasks.pending.load() == 0; }, {});
}

}  // namespace

bool barrier(State& s, Team& team, bool join) {
  // A team of one ran its explicit tasks when they were created, unless it
  // defers them (Team::defers): it then waits for them and their descendants.
  if (team.serialized) {
    const int request = team.cancel_request.load(std::memory_order_relaxed);
    if (request == kCancelLoop || request == kCancelSections) team.cancel_request.store(kCancelNone);
    if (team.defers.load(std::memory_order_relaxed)) {
      s.rt.lock();
      s.rt.wait_locked([&team] { return team.tasks.pending == 0; }, true);
      s.rt.unlock();
    }
    return !join && request == kCancelParallel;
  }
  // The region's end: each thread waits for its own tasks' children (a
  // taskwait, free when none is pending) and leaves; the encountering
  // thread waits for every implicit task and every task below them
  // (run_team). No thread waits for the others here: the team's threads
  // once handed the end on to each other through the control lock, four
  // times a region. Its look when none is pending is the implicit task's
  // cost (hcc.implicit), not a wait of the program's.
  if (join) {
    s.rt.wait_all(/*program_wait=*/false);
    if (!team.workers.empty() && team.workers.back() >= s.rt.worker_count()) join_with_team_workers(s, team);
    return false;
  }
  // A barrier inside the region: the last thread to arrive waits for the
  // region's tasks, then opens it for the others, which wait in their seats
  // meanwhile (running tasks); no thread takes the control lock. A thread
  // that finds the region cancelled leaves for its end (the region's
  // barriers count no one any more); a cancelled loop or sections ends
  // with the barrier.
  auto cancelled = [&team] { return team.cancel_request.load() == kCancelParallel; };
  if (cancelled()) return true;
  const uint64_t generation = team.generation.load();
  auto open = [&team, generation] { return team.generation.load() != generation; };
  if (team.arrived.fetch_add(1) + 1 < team.nthreads) {
    const int tid = context(s).tid;
    s.rt.wait_in([&] { return open() || cancelled(); }, {&team.seats[tid]});
    return !open();
  }
  // Once every thread arrived, no implicit task has ended.
  auto done = [&team] {
    return team.tasks.pending.load() == 0 &&
           std::all_of(team.implicit_tasks.begin(), team.implicit_tasks.end(),
                       [](const rt::Task* t) { return t->pending_children.load() == 0; });
  };
  if (!done()) s.rt.wait_in([&] { return done() || cancelled(); }, {});
  if (cancelled()) return true;
  team.arrived.store(0, std::memory_order_relaxed);
  const int request = team.cancel_request.load();
  if (request == kCancelLoop || request == kCancelSections) team.cancel_request.store(kCancelNone);
  team.generation.fetch_add(1);  // after arrived's reset: a thread let through may arrive at the next one
  wake_barrier_waiters(s, team);
  return false;
}

void wake_barrier_waiters(State& s, Team& team) {
  for (int tid = 0; tid < team.nthreads; ++tid) rt::Runtime::notify_seat(team.seats[tid]);
  s.rt.notify_waiters();  // a thread of the program's own waits in the control lock's list
}

namespace {

bool take(Mutex& m, int me) {
  int unowned = -1;
  return m.owner.load(std::memory_order_relaxed) < 0 &&
         m.owner.compare_exchange_strong(unowned, me, std::memory_order_seq_cst);
}

// Natively, a holder's critical section is usually shorter than a wait
// through the runtime (a park and a wake-up, microseconds): look a while,
// less often each time (a holder that releases and takes the lock again
// keeps its line, rather than handing it over at each section).
constexpr int kPausesBeforePark = 2048;
constexpr int kLongestBackoff = 64;

bool spin_take(Mutex& m, int me) {
  for (int paused = 0, backoff = 1; paused < kPausesBeforePark; paused += backoff) {
    if (take(m, me)) return true;
    for (int i = 0; i < backoff; ++i) rt::cpu_relax();
    backoff = std::min(2 * backoff, kLongestBackoff);
  }
  return false;
}

// The caller has taken m: its depth is 1, and in a simulation its
// acquisition is charged what it costs natively. Natively the lock's line
// moves to the core of a thread that takes it after another thread did (a
// contended critical section: 40-60 ns a section on 2 cores, where one
// thread alone takes it in 19): charged in simulation as the runtime's move
// of a shared line, as a dynamic loop's counter's. The actors take it in the simulation's order, though, an
// actor running ahead of the others by what it owes (a microsecond), and
// with nothing simulated between a section's entry and its exit: two
// threads contending for it took it a hundred times each in turn, at the
// same simulated times. So a thread that takes it before its last holder
// released it in simulated time spins until then, and its line moved if
// another thread took it since this one last did, in the simulation's
// order or later in simulated time, or, expected, as often as the others
// took it meanwhile at the rate they take it while they do (within a few
// microseconds: a run of the simulation's order).
constexpr double kInUse = 4e-6;

void taken(State& s, Mutex& m, int me) {
  m.depth = 1;
  if (!s.rt.simulated()) return;
  double now = s.rt.time();
  if (m.free_at > now) {
    rt::runtime_spins(m.free_at - now);
    now = m.free_at;
  }
  if (m.uses.size() <= static_cast<size_t>(me)) m.uses.resize(me + 1);
  Mutex::Use& mine = m.uses[me];
  double moves = 0;
  for (size_t slot = 0; slot < m.uses.size(); ++slot) {
    const Mutex::Use& other = m.uses[slot];
    if (static_cast<int>(slot) == me || other.at < 0) continue;
    if (other.number > mine.number || other.at > mine.at) moves = 1;
    else if (other.interval > 0 && now - other.at < kInUse) moves += (now - mine.at) / other.interval;
  }
  if (moves > 0) rt::runtime_moves_line(std::min(1.0, moves));
  if (mine.at >= 0) {
    const double interval = now - mine.at;
    mine.interval = mine.interval > 0 ? 0.875 * mine.interval + 0.125 * interval : interval;
  }
  mine.at = now;
  mine.number = ++m.acquisitions;
}

}  // namespace

double uncontended_lock_seconds() {
  static const double seconds = [] {
    static Mutex m;
    constexpr int kPairs = 64;
    std::vector<double> samples(256);
    for (double& sample : samples) {
      const double start = rt::clock_seconds(rt::Clock::Monotonic);
      for (int i = 0; i < kPairs; ++i) {
        take(m, 1);
        m.owner.store(-1, std::memory_order_seq_cst);
        (void)m.parked.load(std::memory_order_seq_cst);
      }
      sample = (rt::clock_seconds(rt::Clock::Monotonic) - start - rt::clock_overhead(rt::Clock::Monotonic)) / kPairs;
    }
    return rt::typical_interval(std::move(samples));
  }();
  return seconds;
}

void acquire(State& s, Mutex& m, bool nestable) {
  const int me = slot_of_caller(s);
  if (nestable && m.owner.load(std::memory_order_relaxed) == me) {  // only its owner sets it to itself
    ++m.depth;
    return;
  }
  const bool native = !s.rt.simulated();
  if (native && spin_take(m, me)) {
    taken(s, m, me);
    return;
  }
  // Counted before the looks at the owner under the control lock, and a
  // release reads the count after it frees the owner (both sequentially
  // consistent): either this thread sees it free or the release wakes it.
  // The condition only looks (a release evaluates it for the waiters it
  // may wake); the thread takes the lock once woken, unless a spinning one
  // took it first.
  if (native) m.parked.fetch_add(1, std::memory_order_seq_cst);
  s.rt.lock();
  do s.rt.wait_locked([&m] { return m.owner.load(std::memory_order_seq_cst) < 0; }, false);
  while (!take(m, me));
  s.rt.unlock();
  if (native) m.parked.fetch_sub(1, std::memory_order_relaxed);
  taken(s, m, me);
}

bool try_acquire(State& s, Mutex& m, bool nestable) {
  const int me = slot_of_caller(s);
  if (nestable && m.owner.load(std::memory_order_relaxed) == me) {
    ++m.depth;
    return true;
  }
  if (!take(m, me)) return false;
  taken(s, m, me);
  return true;
}

void release(State& s, Mutex& m) {
  if (m.depth <= 0 || --m.depth > 0) return;
  if (s.rt.simulated()) m.free_at = s.rt.time();
  m.owner.store(-1, std::memory_order_seq_cst);
  if (s.rt.simulated() || m.parked.load(std::memory_order_seq_cst) > 0) {
    s.rt.lock();
    s.rt.notify_locked();
    s.rt.unlock();
  }
}

Mutex& mutex_in(State& s, void** word) {
  if (s.rt.simulated()) {
    s.rt.lock();
    std::unique_ptr<Mutex>& m = s.word_mutexes[word];
    if (!m) m = std::make_unique<Mutex>();
    Mutex& found = *m;
    s.rt.unlock();
    return found;
  }
  std::atomic_ref<void*> ref(*word);
  if (void* p = ref.load(std::memory_order_acquire)) return *static_cast<Mutex*>(p);
  auto* fresh = new Mutex;
  void* expected = nullptr;
  if (ref.compare_exchange_strong(expected, fresh, std::memory_order_acq_rel)) return *fresh;
  delete fresh;
  return *static_cast<Mutex*>(expected);
}

}  // namespace hcc::omp
