// Cancellation (OMP_CANCELLATION=true): `cancel` and `cancellation point`
// for parallel regions, worksharing loops, sections and taskgroups, and the
// barriers clang emits in regions that may be cancelled.
//
// As in libomp, a request is a flag that threads read at cancellation
// points: a region's or construct's on its team (Team::cancel_request), a
// taskgroup's on it (Taskgroup::cancelled). Threads that read it jump to the
// construct's end, where clang's code meets the construct's barrier; a
// cancelled region's barriers let threads through at once (barrier()), so
// that each reaches the region's end, whose join waits for them all. Tasks
// of a cancelled region or taskgroup that have not started are discarded
// (tasks.cpp, discarded()).
#include "bursts.hpp"
#include "omp_state.hpp"

using namespace hcc::omp;

extern "C" {

int32_t __kmpc_cancel(ident_t* loc, int32_t, int32_t kind) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  State& s = state();
  if (!s.cancellation) return 0;
  const Context& c = context(s);
  if (kind == kCancelTaskgroup) {
    if (!c.taskgroup) return 0;  // no taskgroup around the task: nothing to cancel
    c.taskgroup->cancelled.store(true);
    return 1;
  }
  // The first request of the team wins; a thread that asks for the same one
  // cancels with it.
  int expected = kCancelNone;
  if (c.team->cancel_request.compare_exchange_strong(expected, kind))
    wake_barrier_waiters(s, *c.team);  // threads waiting at a barrier of the region may leave
  return expected == kCancelNone || expected == kind;
}

int32_t __kmpc_cancellationpoint(ident_t* loc, int32_t, int32_t kind) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  State& s = state();
  if (!s.cancellation) return 0;
  const Context& c = context(s);
  const bool cancelled = kind == kCancelTaskgroup ? c.taskgroup && c.taskgroup->cancelled.load()
                                                  : c.team->cancel_request.load() == kind;
  if (!cancelled) s.rt.yield();
  return cancelled;
}

// The barriers of a region that may be cancelled: 1 when the region was,
// and the thread goes to its end.
int32_t __kmpc_cancel_barrier(ident_t* loc, int32_t) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  State& s = state();
  return barrier(s, *context(s).team);
}

}  // extern "C"
