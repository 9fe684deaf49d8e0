// Parallel regions, barriers and the worksharing constructs that need no
// loop: __kmpc_fork_call, single, master, masked, copyprivate, critical,
// flush and reductions.
#include <atomic>
#include <cstdarg>
#include <vector>

#include "fatal.hpp"
#include "bursts.hpp"
#include "omp_state.hpp"
#include "runtime_costs.hpp"

namespace hcc::omp {
namespace {

constexpr size_t kMaxCaptured = 64;

}  // namespace

// Calls an outlined region body with its captured variables. Bodies with
// more than 15 take them padded to 64 pointer arguments: a caller passing
// more arguments than the callee reads is harmless in the C calling
// conventions of the targets clang outlines for (the caller pops them).
void invoke(kmpc_micro fn, int32_t gtid, int32_t tid, const Captured& args) {
  invoke(fn, gtid, tid, args.begin(), args.size());
}

void invoke(kmpc_micro fn, int32_t gtid, int32_t tid, void* const* a, size_t n) {
  int32_t g = gtid, t = tid;
  rt::ProgramCall program(reinterpret_cast<const void*>(fn));  // the region's body is the program's code (bursts.hpp)
  switch (n) {
    case 0: fn(&g, &t); return;
    case 1: fn(&g, &t, a[0]); return;
    case 2: fn(&g, &t, a[0], a[1]); return;
    case 3: fn(&g, &t, a[0], a[1], a[2]); return;
    case 4: fn(&g, &t, a[0], a[1], a[2], a[3]); return;
    case 5: fn(&g, &t, a[0], a[1], a[2], a[3], a[4]); return;
    case 6: fn(&g, &t, a[0], a[1], a[2], a[3], a[4], a[5]); return;
    case 7: fn(&g, &t, a[0], a[1], a[2], a[3], a[4], a[5], a[6]); return;
    case 8: fn(&g, &t, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]); return;
    case 9: fn(&g, &t, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8]); return;
    case 10: fn(&g, &t, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9]); return;
    case 11: fn(&g, &t, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10]); return;
    case 12: fn(&g, &t, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11]); return;
    case 13: fn(&g, &t, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12]); return;
    case 14: fn(&g, &t, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13]); return;
    case 15: fn(&g, &t, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14]); return;
    default: break;
  }
  if (n > kMaxCaptured) rt::fatal("a parallel region captures more than 64 variables");
  void* p[kMaxCaptured] = {};
  std::copy(a, a + n, p);
  using Wide = void (*)(int32_t*, int32_t*, ...);
  reinterpret_cast<Wide>(fn)(&g, &t, p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11], p[12], p[13], p[14], p[15], p[16], p[17], p[18], p[19], p[20], p[21], p[22], p[23], p[24], p[25], p[26], p[27], p[28], p[29], p[30], p[31], p[32], p[33], p[34], p[35], p[36], p[37], p[38], p[39], p[40], p[41], p[42], p[43], p[44], p[45], p[46], p[47], p[48], p[49], p[50], p[51], p[52], p[53], p[54], p[55], p[56], p[57], p[58], p[59], p[60], p[61], p[62], p[63]);
}

Captured captured(int32_t argc, va_list ap) {
  Captured args;
  for (int32_t i = 0; i < argc; ++i) args.push_back(va_arg(ap, void*));
  return args;
}

namespace {

// What a thread of a team runs: a task's argument, copied into it.
struct ImplicitTask {
  static constexpr size_t kInlineCaptured = 16;
  State* state;
  Team* team;
  int tid;
  uint32_t ncaptured;  // in captured
  kmpc_micro fn;
  const Captured* args;  // when they do not fit in captured, else nullptr
  // The region's captured variables, when they fit: the thread reads them
  // from its task's own lines, which it reads anyway, rather than from the
  // encountering thread's stack, one cache line more from the other core.
  void* captured[kInlineCaptured];
};

// The body of thread tid of a team: the region, then its closing barrier.
void run_implicit(void* const*, void* arg) {
  hcc::rt::RuntimeEntry entry;
  auto* it = static_cast<ImplicitTask*>(arg);
  State& s = *it->state;
  Team* team = it->team;
  if (team->league) {
    run_league_team(s, team->num_teams, it->tid, team->thread_limit, it->fn, *it->args);
    barrier(s, *team, true);
    return;
  }
  Thread& me = caller(s);
  me.contexts.push_back(Context{team, it->tid});
  // The body and its barrier are not the runtime's work on the task
  // (hcc.implicit), timed only when the task is.
  const double body_from = s.rt.measures_costs() && s.rt.times_implicit_body() ? s.rt.wallclock() : -1;
  if (it->args) invoke(it->fn, slot_of_caller(s), it->tid, *it->args);
  else invoke(it->fn, slot_of_caller(s), it->tid, it->captured, it->ncaptured);
  barrier(s, *team, true);
  if (body_from >= 0) s.rt.implicit_body_measured(s.rt.wallclock() - body_from);
  me.contexts.pop_back();
}

const hcc_codelet kImplicitCodelet = {"omp.parallel", run_implicit, nullptr, 0, nullptr, HCC_CODELET_CONTROL};


// A region run by its encountering thread alone (nested regions, if(0),
// regions started while another is active) is a team of one.
void begin_serialized(State& s) {
  Thread& me = caller(s);
  std::unique_ptr<Team> team = nested_team(me.contexts.back(), 1);
  team->serialized = true;
  const Context& outer = me.contexts.back();
  me.contexts.push_back(
      Context{team.release(), 0, outer.final, false, 0, nullptr, outer.nthreads, outer.schedule, outer.thread_limit});
}

void end_serialized(State& s) {
  Thread& me = caller(s);
  barrier(s, *me.contexts.back().team, true);  // the region's end
  s.rt.work_run_at_once_ended();  // the end of the tasks it ran when they were created
  delete me.contexts.back().team;
  me.contexts.pop_back();
}

// A region run by the calling thread alone, as a team of one.
void run_serialized(State& s, int slot, kmpc_micro fn, const Captured& args, double loop_work) {
  begin_serialized(s);
  thread_at(s, slot).contexts.back().team->loop_work = loop_work;
  invoke(fn, slot, 0, args);
  end_serialized(s);
}

void fork(kmpc_micro fn, const Captured& args, bool if_true) {
  State& s = state();
  // hcc.fork from here, in an instrumented run that times this event.
  const double entered = s.rt.measures_costs() && s.rt.times_event() ? s.rt.wallclock() : -1;
  const int slot = slot_of_caller(s);
  Thread& me = thread_at(s, slot);
  const Context& outer = me.contexts.back();
  int n = me.next_num_threads > 0 ? me.next_num_threads : nthreads_of(s, outer);
  me.next_num_threads = 0;
  // A `parallel for`'s work per iteration is its team's (loop_kernels.hpp).
  const double loop_work = me.next_loop_work;
  me.next_loop_work = 0;
  if (const int limit = outer.team->thread_limit; limit > 0) n = std::min(n, limit);  // in a teams region
  if (outer.thread_limit > 0) n = std::min(n, outer.thread_limit);                      // in a target region
  n = std::min(n, s.rt.thread_limit());
  // The CPU workers are the team of one outermost region at a time; a
  // region nested in a team's region is active below max-active-levels, its
  // threads workers added for teams (team_workers.cpp); any other region
  // inside a region or a task is serialised.
  // So is a region of one thread when the runtime has one worker and keeps
  // nothing of its tasks (a native run without records or models): its tasks
  // could run nowhere else, and run when created, as libomp runs them (0.03
  // against 0.3 to 0.45 us per task on bench/task_overhead.py, 1 thread).
  // And a region of one thread among several CPU workers (num_threads(1)):
  // its tasks are its thread's alone, which the other workers would have
  // run at the same time (a program's unsynchronised updates in them were
  // lost). With GPU workers the team's tasks go to them as before.
  const int all_workers = s.rt.worker_count();
  const int cpu_workers = static_cast<int>(s.cpu_workers.size());
  const bool alone =
      n == 1 && ((all_workers == 1 && !s.rt.keeps_params()) || (cpu_workers > 1 && all_workers == cpu_workers));
  const bool outermost = !s.rt.in_task() && !s.region_active && !alone;
  const bool nested = s.rt.in_task() && !outer.explicit_task && outer.team->active_level < s.max_active_levels && n > 1;
  if (!if_true || n < 1 || !(outermost || nested)) {
    run_serialized(s, slot, fn, args, loop_work);
    return;
  }
  std::unique_ptr<Team> team = std::move(me.spare_team);
  if (team) team->renew();
  else team = std::make_unique<Team>();
  // The CPU workers from the first the team may use, then workers added
  // for it; written only if the team's last region had others (renew).
  int first = 0, cpus = 0;
  if (outermost) {
    first = first_team_worker(s);
    cpus = std::min(n, static_cast<int>(s.cpu_workers.size()) - first);
  }
  const std::vector<int> added = reserve_team_workers(s, n - cpus);
  std::vector<int>& workers = team->workers;
  const auto cpu_from = s.cpu_workers.begin() + first;
  if (workers.size() != static_cast<size_t>(cpus) + added.size() ||
      !std::equal(cpu_from, cpu_from + cpus, workers.begin()) ||
      !std::equal(added.begin(), added.end(), workers.begin() + cpus)) {
    workers.assign(cpu_from, cpu_from + cpus);
    workers.insert(workers.end(), added.begin(), added.end());
  }
  if (workers.size() < 2 && nested) {  // no thread to add: serialised
    release_team_workers(s, added);
    me.spare_team = std::move(team);
    run_serialized(s, slot, fn, args, loop_work);
    return;
  }
  team = nested_team(outer, static_cast<int>(workers.size()), std::move(team));
  keep_or_set(team->loop_work, loop_work);
  if (outermost) s.region_active = true;
  run_team(s, *team, fn, args, entered);
  const double joined = entered >= 0 ? s.rt.wallclock() : -1;
  s.rt.charge_join();
  if (outermost) s.region_active = false;
  release_team_workers(s, added);
  me.spare_team = std::move(team);
  if (joined >= 0) s.rt.cost_measured(rt::kJoinCost, joined);
}

static_assert(sizeof(ImplicitTask) <= rt::Task::kInlineArgBytes, "an implicit task's argument is inline");

}  // namespace

std::unique_ptr<Team> nested_team(const Context& outer, int nthreads, std::unique_ptr<Team> spare) {
  std::unique_ptr<Team> team = spare ? std::move(spare) : std::make_unique<Team>();
  // Written only where they change: a team kept from the last region holds
  // the same values mostly (Team::renew).
  team->resize(nthreads);
  keep_or_set(team->level, outer.team->level + 1);
  keep_or_set(team->active_level, outer.team->active_level + (nthreads > 1 ? 1 : 0));
  keep_or_set(team->serialized, false);
  keep_or_set(team->parent, static_cast<const Team*>(outer.team));
  keep_or_set(team->parent_tid, outer.tid);
  keep_or_set(team->num_teams, outer.team->num_teams);
  keep_or_set(team->team_num, outer.team->team_num);
  keep_or_set(team->thread_limit, outer.thread_limit > 0 ? outer.thread_limit : outer.team->thread_limit);
  keep_or_set(team->schedule, outer.schedule.kind ? outer.schedule : outer.team->schedule);
  return team;
}

// A thread of the program's own (not the one that is worker 0) leads a
// team of the other workers: worker 0 runs a thread 0 only when its own
// thread waits, which this one may be waiting for.
int first_team_worker(const State& s) {
  return s.rt.self_worker() < 0 && s.rt.program_thread_worker() == s.cpu_workers.front() ? 1 : 0;
}

void run_team(State& s, Team& team, kmpc_micro fn, const Captured& args, double entered) {
  const int n = team.nthreads;
  // Seated before any task of the region is submitted (rt::Group::waiter).
  s.rt.seat_caller(team.implicit.waiter);
  s.rt.seat_caller(team.tasks.waiter);
  // The implicit tasks are numbered before any is submitted, so that no
  // explicit task of the region takes a number before one of them (the
  // records of two runs of one program would number their tasks
  // differently), and the other threads' are submitted first: they start
  // while the encountering thread submits the rest.
  const uint64_t first_id = s.rt.reserve_task_ids(n);
  if (team.implicit_tasks.size() != static_cast<size_t>(n)) team.implicit_tasks.resize(n);
  // A league's (teams.cpp) is charged as a region's, which it resembles.
  if (entered >= 0) s.rt.cost_measured(rt::kForkCost, entered);
  s.rt.charge_fork();
  for (int k = 1; k <= n; ++k) {
    const int tid = k % n;
    // Copied into the task (its inline block): nothing to allocate; the
    // captured variables only as far as there are any.
    ImplicitTask implicit{&s, &team, tid, 0, fn, &args, {}};
    if (!team.league && args.size() <= ImplicitTask::kInlineCaptured) {  // a league's threads run teams (teams.cpp)
      implicit.ncaptured = static_cast<uint32_t>(args.size());
      implicit.args = nullptr;
      std::copy(args.begin(), args.end(), implicit.captured);
    }
    hcc_task_desc d{};
    d.codelet = &kImplicitCodelet;
    d.arg = &implicit;
    d.arg_size = offsetof(ImplicitTask, captured) + implicit.ncaptured * sizeof(void*);
    d.group = reinterpret_cast<hcc_group>(&team.implicit);
    rt::TaskOptions o;
    o.pinned_worker = team.workers[tid];
    o.implicit = true;
    o.region = &team.tasks;
    o.id = first_id + static_cast<uint64_t>(tid);
    // Known before it is submitted: in a simulation, submitting is charged
    // and the other threads may reach a barrier meanwhile (done()).
    o.reserved = team.implicit_tasks[tid] = s.rt.reserve_task(s.rt.self_worker());
    s.rt.submit(d, o);
  }
  // A program's thread that is worker 0 (natively) runs thread 0's implicit
  // task here, and the region's tasks while the others end theirs. Each
  // implicit task ended once its children had (barrier's join): the tasks
  // left are below them, counted in the region.
  Team* t = &team;
  s.rt.wait_in([t] { return t->implicit.pending.load() == 0 && t->tasks.pending.load() == 0; },
               {&team.implicit.waiter, &team.tasks.waiter});
  s.rt.see_emptied(team.implicit);
  s.rt.see_emptied(team.tasks);
  // The region's end is in the makespan: the other threads' implicit tasks
  // end when they reach its barrier, and the encountering thread's work
  // may end later (a histogram's simulated region ended at 0.16 s, its
  // makespan said 0.0005 s: the other thread's end).
  s.rt.work_run_at_once_ended();
}

}  // namespace hcc::omp

using namespace hcc::omp;

extern "C" {

// Clang calls this in the prologue of every function that holds an OpenMP
// construct (a task, a critical section) and passes the answer to the
// runtime's entries in that function. No entry of this runtime reads that
// argument: each finds its caller itself (slot_of_caller), and gives the
// bodies it runs their own. So the answer is 0: finding the caller took 70 %
// of a branch-and-bound search whose recursive function creates tasks near
// the root (natively 3 times gcc's time), and in a simulation, where it asks
// SimGrid which actor runs, 5 times the native time, charged as the
// program's work.
int32_t __kmpc_global_thread_num(ident_t*) { return 0; }
int32_t __kmpc_global_num_threads(ident_t*) { return slot_count(state()); }
int32_t __kmpc_bound_thread_num(ident_t*) { return context(state()).tid; }
int32_t __kmpc_bound_num_threads(ident_t*) { return context(state()).team->nthreads; }
int32_t __kmpc_in_parallel(ident_t*) { return context(state()).team->active_level > 0; }
int32_t __kmpc_ok_to_fork(ident_t*) { return 1; }
void __kmpc_begin(ident_t*, int32_t) {}
void __kmpc_end(ident_t*) {}

void __kmpc_fork_call(ident_t* loc, int32_t argc, kmpc_micro fn, ...) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  va_list ap;
  va_start(ap, fn);
  const Captured args = captured(argc, ap);
  va_end(ap);
  fork(fn, args, true);
}

void __kmpc_fork_call_if(ident_t* loc, int32_t argc, kmpc_micro fn, int32_t cond, void* args) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  auto* a = static_cast<void**>(args);
  Captured captured_args;
  captured_args.assign(a, a + argc);
  fork(fn, captured_args, cond != 0);
}

void __kmpc_push_num_threads(ident_t*, int32_t, int32_t n) {
  State& s = state();
  caller(s).next_num_threads = n;
}
void __kmpc_push_proc_bind(ident_t*, int32_t, int32_t) {}

void __kmpc_serialized_parallel(ident_t* loc, int32_t) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  begin_serialized(state());
}
void __kmpc_end_serialized_parallel(ident_t* loc, int32_t) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  end_serialized(state());
}

void __kmpc_barrier(ident_t* loc, int32_t) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  State& s = state();
  barrier(s, *context(s).team);
}

int32_t __kmpc_single(ident_t* loc, int32_t) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  State& s = state();
  const Context& c = context(s);
  Team& team = *c.team;
  if (team.serialized) return 1;
  // Threads meet the team's single constructs in the same order: the first
  // to reach the k-th takes it. Whoever took a later one passed this one.
  // One compare-exchange: the control lock taken here was taken by every
  // thread of the team at every single.
  const uint64_t k = ++team.members[c.tid].singles;
  uint64_t taken = team.singles_taken.load(std::memory_order_relaxed);
  while (taken < k)
    if (team.singles_taken.compare_exchange_weak(taken, k, std::memory_order_acq_rel)) return 1;
  return 0;
}
void __kmpc_end_single(ident_t*, int32_t) {}

int32_t __kmpc_master(ident_t*, int32_t) { return context(state()).tid == 0; }
void __kmpc_end_master(ident_t*, int32_t) {}
int32_t __kmpc_masked(ident_t*, int32_t, int32_t filter) { return context(state()).tid == filter; }
void __kmpc_end_masked(ident_t*, int32_t) {}

void __kmpc_copyprivate(ident_t* loc, int32_t, size_t, void* data, void (*copy)(void*, void*), int32_t didit) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  State& s = state();
  Team& team = *context(s).team;
  if (team.serialized) return;
  if (didit) {
    s.rt.lock();
    team.copyprivate = data;
    s.rt.unlock();
  }
  if (barrier(s, team)) return;  // the region was cancelled
  if (!didit) copy(data, team.copyprivate);
  barrier(s, team);
}

void __kmpc_critical(ident_t* loc, int32_t, kmp_critical_name* name) {
  // A critical section in a loop may poll what another thread sets in one.
  if (hcc::rt::g_poll_without_bursts) hcc::rt::g_poll_without_bursts();
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr, hcc::rt::NativeCost{uncontended_lock_seconds});
  State& s = state();
  acquire(s, mutex_in(s, reinterpret_cast<void**>(name)), false);
}
void __kmpc_critical_with_hint(ident_t* loc, int32_t gtid, kmp_critical_name* name, uint32_t) {
  __kmpc_critical(loc, gtid, name);
}
void __kmpc_end_critical(ident_t* loc, int32_t, kmp_critical_name* name) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  State& s = state();
  release(s, mutex_in(s, reinterpret_cast<void**>(name)));
}

void __kmpc_flush(ident_t*) {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  state().rt.yield();  // a flush in a loop is a spin-wait on another thread (Backend::yield)
}

// Reductions of parallel and worksharing constructs: each thread combines
// its private copies into the shared variables, with the compiler's atomic
// updates when it emitted them (returns 2, as libomp chooses for small
// teams: no lock taken; the construct's mutex was a third of a short
// region's time), alone in a team of one (returns 1: nothing to exclude),
// or under the construct's mutex (returns 1). The compiler calls the end of
// a nowait reduction after 1 only, the end of a blocking one after both.
int32_t __kmpc_reduce_nowait(ident_t* loc, int32_t, int32_t, size_t, void*, void (*)(void*, void*),
                             kmp_critical_name* lock) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  State& s = state();
  Thread& me = caller(s);
  me.reduce_locked = false;
  // A team of one combines alone, but for a league's team (teams.cpp):
  // the league's teams run at once and combine into one variable.
  const Team& team = *me.contexts.back().team;
  if (team.nthreads == 1 && team.num_teams == 1) return 1;
  if (loc && (loc->flags & kIdentAtomicReduce)) return 2;
  acquire(s, mutex_in(s, reinterpret_cast<void**>(lock)), false);
  me.reduce_locked = true;
  return 1;
}
void __kmpc_end_reduce_nowait(ident_t* loc, int32_t, kmp_critical_name* lock) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  State& s = state();
  Thread& me = caller(s);
  if (!me.reduce_locked) return;
  me.reduce_locked = false;
  release(s, mutex_in(s, reinterpret_cast<void**>(lock)));
}
int32_t __kmpc_reduce(ident_t* loc, int32_t gtid, int32_t n, size_t size, void* data, void (*fn)(void*, void*),
                      kmp_critical_name* lock) {
  return __kmpc_reduce_nowait(loc, gtid, n, size, data, fn, lock);
}
void __kmpc_end_reduce(ident_t* loc, int32_t gtid, kmp_critical_name* lock) {
  __kmpc_end_reduce_nowait(loc, gtid, lock);
  __kmpc_barrier(loc, gtid);
}

}  // extern "C"
