#include "omp_state.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <pthread.h>
#include <strings.h>

#include "loops.hpp"
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
  initial.resize(1);
  // Every thread starts in the initial task: a worker running tasks of the
  // C ABI, or a thread of the program's own, is thread 0 of a team of one.
  threads.resize(m.workers.size() + 1);
  for (Thread& t : threads) t.contexts.push_back(Context{&initial, 0});
  team_threads.reserve(static_cast<size_t>(slot_count(*this)) - threads.size());
}

namespace {

// A native process is one rank, with one runtime at a time, whose state is
// kept here: finding it through the rank (runtime_on_demand) at every call
// cost a few percent of an OpenMP task's instructions. A simulation has a
// runtime per rank, found each time.
std::atomic<State*> g_native_state{nullptr};

}  // namespace

State::~State() {
  State* self = this;
  g_native_state.compare_exchange_strong(self, nullptr);
}

State& state() {
  if (State* s = g_native_state.load(std::memory_order_acquire)) return *s;
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
  // times a region.
  if (join) {
    s.rt.taskwait();
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

void acquire(State& s, Mutex& m, bool nestable) {
  const int me = slot_of_caller(s);
  s.rt.lock();
  if (nestable && m.owner == me) {
    ++m.depth;
  } else {
    s.rt.wait_locked([&m] { return m.owner < 0; }, false);
    m.owner = me;
    m.depth = 1;
  }
  s.rt.unlock();
}

bool try_acquire(State& s, Mutex& m, bool nestable) {
  const int me = slot_of_caller(s);
  s.rt.lock();
  bool got = false;
  if (m.owner < 0 || (nestable && m.owner == me)) {
    m.owner = me;
    ++m.depth;
    got = true;
  }
  s.rt.unlock();
  return got;
}

void release(State& s, Mutex& m) {
  s.rt.lock();
  if (m.depth > 0 && --m.depth == 0) {
    m.owner = -1;
    s.rt.notify_locked();
  }
  s.rt.unlock();
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
