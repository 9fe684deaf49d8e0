// The omp_* API: team and thread queries, ICVs, wall clock (simulated time
// in simulation) and locks (memory allocators: allocators.cpp; the
// environment, affinity and the rest: api_env.cpp). Declared in the compiler's
// omp.h; the types below have its layout.
#include <sched.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "bursts.hpp"
#include "fatal.hpp"
#include "omp_state.hpp"

namespace {

using namespace hcc::omp;

struct omp_lock_t {
  void* lock;
};

const Team* ancestor(const Context& c, int level, int& tid) {
  const Team* team = c.team;
  tid = c.tid;
  while (team && team->level > level) {
    tid = team->parent_tid;
    team = team->parent;
  }
  return team && team->level == level ? team : nullptr;
}

Mutex& lock_of(omp_lock_t* l) {
  if (!l || !l->lock) hcc::rt::fatal("omp lock used before omp_init_lock");
  return *static_cast<Mutex*>(l->lock);
}

}  // namespace

extern "C" {

int omp_get_thread_num(void) { return context(state()).tid; }
int omp_get_num_threads(void) { return context(state()).team->nthreads; }
// nthreads-var of the calling task's level (OMP_NUM_THREADS=a,b: b inside a region).
int omp_get_max_threads(void) {
  State& s = state();
  return nthreads_of(s, context(s));
}
// The initial task's sets the runtime's nthreads-var; a task's inside a
// region sets its own, which its thread's next regions use (another
// thread's, and the initial task's after the region, are left as they
// were: libomp's and libgomp's behaviour).
void omp_set_num_threads(int n) {
  State& s = state();
  const int threads = std::clamp<int>(n, 1, s.rt.thread_limit());
  Thread& me = caller(s);
  if (me.contexts.size() > 1) me.contexts.back().nthreads = threads;
  else s.max_threads = threads;
}
// The processors the program may run on: natively the process's CPU
// affinity, as libomp and libgomp count them (it was the CPU workers,
// which OMP_NUM_THREADS sets: 4 on a machine of 2); simulated, the CPU
// workers, the simulated host's cores.
int omp_get_num_procs(void) {
  State& s = state();
  cpu_set_t set;
  if (!s.rt.simulated() && sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
  return std::max<int>(1, static_cast<int>(s.cpu_workers.size()));
}
// In a teams region, its thread limit; else OMP_THREAD_LIMIT, unset as
// libomp says it (no limit), though teams stop at kMaxWorkers threads.
int omp_get_thread_limit(void) {
  State& s = state();
  if (const int limit = context(s).thread_limit; limit > 0) return limit;
  if (const int limit = context(s).team->thread_limit; limit > 0) return limit;
  return s.rt.config().thread_limit.value_or(INT32_MAX);
}
int omp_in_parallel(void) { return context(state()).team->active_level > 0; }
int omp_in_final(void) { return context(state()).final; }
int omp_get_level(void) { return context(state()).team->level; }
int omp_get_active_level(void) { return context(state()).team->active_level; }
int omp_get_ancestor_thread_num(int level) {
  int tid;
  return ancestor(context(state()), level, tid) ? tid : -1;
}
int omp_get_team_size(int level) {
  int tid;
  const Team* t = ancestor(context(state()), level, tid);
  return t ? t->nthreads : -1;
}
int omp_get_dynamic(void) { return 0; }
void omp_set_dynamic(int) {}
// max-active-levels-var: nested regions below it are active (parallel.cpp).
int omp_get_nested(void) { return state().max_active_levels > 1; }
void omp_set_nested(int nested) { state().max_active_levels = nested ? INT32_MAX : 1; }
int omp_get_max_active_levels(void) { return state().max_active_levels; }
void omp_set_max_active_levels(int n) {
  if (n >= 0) state().max_active_levels = n;
}
int omp_get_supported_active_levels(void) { return INT32_MAX; }
int omp_get_cancellation(void) { return state().cancellation; }
int omp_get_max_task_priority(void) {
  const char* v = std::getenv("OMP_MAX_TASK_PRIORITY");
  return v ? std::max(0, std::atoi(v)) : 0;
}
// Threads are not bound (omp_proc_bind_false: OMP_PROC_BIND is not read),
// so no thread is in a place; the places are api_env.cpp's.
int omp_get_proc_bind(void) { return 0; }
int omp_get_place_num(void) { return -1; }
int omp_get_num_teams(void) { return context(state()).team->num_teams; }
int omp_get_team_num(void) { return context(state()).team->team_num; }
int omp_get_num_devices(void) { return 0; }
int omp_get_device_num(void) { return 0; }
int omp_get_initial_device(void) { return 0; }
int omp_get_default_device(void) { return state().default_device; }
void omp_set_default_device(int device) { state().default_device = std::max(0, device); }
int omp_is_initial_device(void) { return 1; }

// omp_sched_t is an int (omp.h).
// As omp_set_num_threads: a task's inside a region sets its own (its next
// regions' loops use it), the initial task's the runtime's.
void omp_set_schedule(int kind, int chunk) {
  State& s = state();
  Thread& me = caller(s);
  if (me.contexts.size() > 1) me.contexts.back().schedule = run_schedule(kind, chunk);
  else s.run_schedule = run_schedule(kind, chunk);
}
void omp_get_schedule(int* kind, int* chunk) {
  State& s = state();
  const RunSchedule& r = run_schedule_of(s, context(s));
  *kind = r.kind;
  *chunk = r.chunk;
}

// The runtime's clock: seconds since it started, simulated in simulation.
double omp_get_wtime(void) {
  hcc::rt::RuntimeEntry entry("omp_get_wtime", hcc::rt::ClockReadEntry{});
  return state().rt.time();
}
double omp_get_wtick(void) { return 1e-9; }

void omp_init_lock(omp_lock_t* l) { l->lock = new Mutex; }
void omp_init_lock_with_hint(omp_lock_t* l, uintptr_t) { omp_init_lock(l); }
void omp_destroy_lock(omp_lock_t* l) {
  delete static_cast<Mutex*>(l->lock);
  l->lock = nullptr;
}
void omp_set_lock(omp_lock_t* l) {
  hcc::rt::RuntimeEntry entry("omp_set_lock", hcc::rt::NativeCost{uncontended_lock_seconds});
  acquire(state(), lock_of(l), false);
}
void omp_unset_lock(omp_lock_t* l) {
  hcc::rt::RuntimeEntry entry("omp_unset_lock");
  release(state(), lock_of(l));
}
int omp_test_lock(omp_lock_t* l) {
  hcc::rt::RuntimeEntry entry("omp_test_lock", hcc::rt::NativeCost{uncontended_lock_seconds});
  State& s = state();
  const int taken = try_acquire(s, lock_of(l), false);
  if (!taken) s.rt.yield();
  return taken;
}

void omp_init_nest_lock(omp_lock_t* l) { omp_init_lock(l); }
void omp_init_nest_lock_with_hint(omp_lock_t* l, uintptr_t) { omp_init_lock(l); }
void omp_destroy_nest_lock(omp_lock_t* l) { omp_destroy_lock(l); }
void omp_set_nest_lock(omp_lock_t* l) {
  hcc::rt::RuntimeEntry entry("omp_set_nest_lock", hcc::rt::NativeCost{uncontended_lock_seconds});
  acquire(state(), lock_of(l), true);
}
void omp_unset_nest_lock(omp_lock_t* l) {
  hcc::rt::RuntimeEntry entry("omp_unset_nest_lock");
  release(state(), lock_of(l));
}
int omp_test_nest_lock(omp_lock_t* l) {
  hcc::rt::RuntimeEntry entry("omp_test_nest_lock", hcc::rt::NativeCost{uncontended_lock_seconds});
  State& s = state();
  Mutex& m = lock_of(l);
  if (try_acquire(s, m, true)) return m.depth;
  s.rt.yield();
  return 0;
}

}  // extern "C"
