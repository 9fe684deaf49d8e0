// The task life cycle on the workers: a task becomes ready, joins a ready
// queue and wakes an idle worker; a worker takes it, runs it and completes
// it, which releases its successors and whoever waits for it.
//
// Nothing here takes the control lock on a machine with one memory node.
// Waking follows one protocol: a worker announces itself idle (Worker::idle,
// idle_count_), looks for work once more, then parks on its waiter; a thread
// that makes a task ready pushes it, then looks for idle workers and claims
// one (exchanging its idle flag) before notifying it. Sequentially consistent
// operations on both sides mean that either the worker's last look finds the
// task or the pusher finds the worker idle.
#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "locked.hpp"
#include "runtime.hpp"
#include "runtime_costs.hpp"

namespace hcc::rt {
namespace {

bool can_run_codelet(const hcc_codelet* codelet, bool cpu_worker, bool control_only) {
  if (!cpu_worker) return codelet->cuda != nullptr;
  return codelet->cpu != nullptr && !(control_only && codelet->cuda);
}

void store_max(std::atomic<double>& target, double value) {
  double seen = target.load(std::memory_order_relaxed);
  while (value > seen && !target.compare_exchange_weak(seen, value, std::memory_order_relaxed)) {
  }
}

}  // namespace

bool Runtime::make_ready(Task* t, int by_worker, bool keep_for_self) {
  if (by_worker >= nworkers_) {  // a team worker: no queue of its own, as the program's thread
    by_worker = -1;
    keep_for_self = false;
  }
  t->ready_by = by_worker;
  if (t->pinned_worker >= 0) {
    if (measure_costs_ && times_event()) t->ready_at = backend_->now();  // hcc.notice (look_a_while)
    workers_[t->pinned_worker].pinned.store(t, std::memory_order_release);
    std::atomic_thread_fence(std::memory_order_seq_cst);
    wake(t->pinned_worker);
    return false;
  }
  const bool keep = keep_for_self && can_take(*t, by_worker) && scheduler_->runs_next_push(by_worker);
  // Once pushed, t may be taken, run and recycled by another worker at once.
  // A reference keeps it for the choice of a worker to wake; it is taken only
  // when some worker is idle, so that a busy machine pays for neither.
  const bool hold = !keep && idle_count_.load(std::memory_order_relaxed) > 0;
  if (hold) t->refs.fetch_add(1, std::memory_order_relaxed);
  const hcc_codelet* codelet = t->codelet;
  const int w = scheduler_->push(t);
  if (keep && w == by_worker) return true;
  std::atomic_thread_fence(std::memory_order_seq_cst);  // see the protocol above
  if (idle_count_.load(std::memory_order_relaxed) > 0) {
    // Without the reference (a worker went idle meanwhile) only the codelet
    // is known: a waiting worker woken for a task it may not take wakes
    // another when it leaves its wait (wait_until).
    auto may_take = [&](int i) {
      if (hold) return can_take(*t, i);
      // A team worker between two teams takes no task (can_take).
      return can_run_codelet(codelet, workers_[i].cpu, workers_[i].control_only) &&
             (i < nworkers_ || workers_[i].current.load(std::memory_order_relaxed));
    };
    const bool shares = scheduler_->shares_tasks();
    // A scheduler that queues the task for w alone gives it to w whatever w
    // waits for (Runtime::can_take).
    const bool woke = w >= 0 && workers_[w].idle.load(std::memory_order_relaxed) && (!shares || may_take(w)) && wake(w);
    if (!woke && (w < 0 || shares)) {
      const int all = nworkers_ + nteam_workers_.load(std::memory_order_relaxed);
      for (int i = 0; i < all; ++i)
        if (workers_[i].idle.load(std::memory_order_relaxed) && may_take(i) && wake(i)) break;
    }
  }
  if (hold) release(t);
  return false;
}

// Claims worker w if it is idle and notifies it; false if it was not idle.
bool Runtime::wake(int w) {
  Worker& k = workers_[w];
  if (!k.idle.load(std::memory_order_relaxed) || !k.idle.exchange(false)) return false;
  idle_count_.fetch_sub(1);
  k.woken_for_task.store(true, std::memory_order_relaxed);
  if (measure_costs_) k.notified_at.store(backend_->now(), std::memory_order_relaxed);
  k.waiter->notify();
  return true;
}

bool Runtime::can_run(const Task& t, int worker) const {
  return can_run_codelet(t.codelet, workers_[worker].cpu, workers_[worker].control_only);
}

bool Runtime::can_take(const Task& t, int worker) const {
  if (!can_run(t, worker)) return false;
  // OpenMP's task scheduling constraint: a worker waiting inside a task
  // (taskwait, taskgroup) runs only that task's descendants meanwhile. It
  // can always run its own children, so it never waits for nothing, and
  // tasks nest on its stack no deeper than the task tree. (dmda and dmdas
  // queue a task for one worker, which takes it whatever it waits for.)
  // A task on program-wide data is taken too: the children waited for may
  // depend on it, which OpenMP's sibling-only dependencies rule out but the
  // sequential task flow of hcc_data_register'ed data does not.
  // A team worker (a thread added for an OpenMP team) runs the tasks of
  // its team's region only: between two teams it is no team's thread.
  const Task* waiting = workers_[worker].current.load(std::memory_order_relaxed);
  const bool implicit = workers_[worker].current_implicit.load(std::memory_order_relaxed);
  if (worker >= nworkers_ && (!waiting || (implicit && t.region != waiting->region))) return false;
  return !waiting || implicit || t.program_wide_deps || descends_from(t, *waiting);
}

void Runtime::worker_loop(int w) {
  for (;;) {
    Task* t = next_task(w, false);
    if (!t) {
      if (stopping_.load()) break;
      t = idle_wait(w);
      if (!t) continue;
    }
    run_task(t, w);
  }
}

// Looks for work a while longer (Backend::keep_looking), then announces the
// worker idle, looks once more (a task pushed before the announcement was
// visible woke no one) and parks until claimed or notified. Returns a task found by that last look, else nullptr. Natively
// the latency from being claimed to running is measured (a sleeping thread
// takes tens of microseconds to run again); in simulation, where waking
// takes no time, that latency is charged after a park longer than the
// native workers' blocktime, and a worker that a native one would still
// have been looking sees the others' queues when it would have scanned
// them (scans_as_native).
Task* Runtime::idle_wait(int w) {
  Worker& me = workers_[w];
  me.after_kernel = -1;  // what follows a wait is not back to back
  if (return_credit(w)) counter_reached_zero();  // the tasks it completed may be all a wait waits for
  if (Task* t = look_a_while(w)) return t;
  // Told while it looked that what it waits for came (a barrier opened, its
  // children done): back to its wait, without announcing itself idle.
  if (me.waiter->notified()) {
    me.waiter->wait();  // takes the notification at once
    return nullptr;
  }
  // Simulation: the caller's look that found nothing was its look's first
  // scan. One that left tasks in the others' queues (a queue's only task,
  // seen for the first time, which natively its creator is likely to take
  // back first) looks again at its next scan.
  const bool scans = scans_as_native(w);
  if (scans && others_queued(w)) look_until_next_scan(me);
  // Counted before it is flagged: a thread that claims a flagged worker
  // uncounts it, and the count must never be below the workers flagged
  // (a pusher that read 0 would wake none of them).
  idle_count_.fetch_add(1);
  me.idle.store(true);
  std::atomic_thread_fence(std::memory_order_seq_cst);
  // Looking as a native worker, it leaves a queue's only task it sees for
  // the first time to the next scan, and takes any task then: none pushed
  // before it was flagged waits for nobody.
  Task* found = next_task(w, /*last_look=*/!scans);
  if (scans && !found && others_queued(w)) {
    backend_->sleep(until_next_scan(me));
    found = next_task(w, /*last_look=*/true);
  }
  const bool timed_park = me.wake_latency > 0 || me.notice_latency > 0;  // simulation (below)
  const double parked_at = timed_park ? backend_->now() : 0;
  if (!found && !stopping_.load()) me.waiter->wait();
  // A thread that claimed the worker took it out of the idle count.
  const bool claimed = !me.idle.exchange(false);
  if (!claimed) idle_count_.fetch_sub(1);
  if (found) return found;
  if (measure_costs_ && claimed) {
    const double at = me.notified_at.exchange(-1, std::memory_order_relaxed);
    if (at >= 0) record_cost(kWakeCost, desc(w).arch, backend_->now() - at);
  }
  // A native worker parks only after looking for Config::idle_looking
  // (libomp's blocktime): woken sooner, it was still looking, and saw what
  // woke it (a task, its wait's end) as late as a looking worker does.
  // A task for a queue that others look at too it saw at its next scan
  // (scans_as_native), or, without the models of its rounds, at once, as
  // before hcc.scan.
  if (timed_park) {
    const bool looked = backend_->now() - parked_at < config_.idle_looking;
    const bool its_own = !claimed || me.pinned.load(std::memory_order_relaxed);
    const double latency = !looked ? (claimed ? me.wake_latency : 0) : its_own ? me.notice_latency : 0;
    if (latency > 0) backend_->sleep(latency);
  }
  if (scans && claimed && !me.pinned.load(std::memory_order_relaxed) && scheduler_->queued(w) == 0 &&
      scans_as_native(w))
    look_until_next_scan(me);
  return nullptr;
}

// Simulation: whether idle worker w looks for tasks in the others' queues
// as a native worker does (look_a_while), from the models of its rounds
// (hcc.look, hcc.scan) and for as long as a native one looks
// (Config::idle_looking), counted from its first look that found nothing
// (Worker::looking_since, which this sets). A team worker has no queue of
// its own: it takes from the others' at every look.
bool Runtime::scans_as_native(int w) {
  Worker& me = workers_[w];
  if (!simulated_ || look_round_ <= 0 || scan_round_ <= 0 || w >= nworkers_ || !me.cpu) return false;
  const double now = backend_->now();
  if (me.looking_since < 0) me.looking_since = now;
  return now - me.looking_since < config_.idle_looking;
}

// Seconds from now until the next scan of a native worker that has been
// looking since me.looking_since: look_a_while scans at its rounds 0, 2, 6,
// 14, ... and then at every kMaxRoundsBetweenScans + 1, a scan taking
// hcc.scan and every other round hcc.look.
double Runtime::until_next_scan(const Worker& me) const {
  const double looked = backend_->now() - me.looking_since;
  double scan_at = 0;  // the start of the scan that ends the rounds so far
  for (int between = rounds_before_next_scan(0);; between = rounds_before_next_scan(between)) {
    const double period = scan_round_ + between * look_round_;
    if (between == kMaxRoundsBetweenScans) {
      const double periods = std::floor((looked - scan_at) / period) + 1;
      return scan_at + periods * period - looked;
    }
    scan_at += period;
    if (scan_at > looked) return scan_at - looked;
  }
}

// Simulation: the worker looks on until its next scan, flagged as looking
// (runs_on_creator), as natively.
void Runtime::look_until_next_scan(Worker& me) {
  me.looking.store(true, std::memory_order_relaxed);
  backend_->sleep(until_next_scan(me));
  me.looking.store(false, std::memory_order_relaxed);
}

// Whether a worker other than w has a task in its queue.
bool Runtime::others_queued(int w) const {
  for (int v = 0; v < nworkers_; ++v)
    if (v != w && scheduler_->queued(v) > 0) return true;
  return false;
}

// Looks for work while Backend::keep_looking says so (natively
// Config::idle_looking, libomp's blocktime; in
// simulation not at all) and nothing notified the worker (what it waits for
// came: a barrier passed, a waited task done): in its own queue at every round, in the others'
// less and less often while those looks find nothing (after 1, 2, 4, ...
// rounds, up to kMaxRoundsBetweenScans). Fifteen idle workers looking at
// every queue at every round kept each queue's line shared among them, and
// each push into one paid for taking it back: half the time of the OpenMP
// thread creating every task on the 16-core node (`perf` there).
// Instrumented runs time its rounds (hcc.look, hcc.scan), which a
// simulation's idle workers follow (scans_as_native).
Task* Runtime::look_a_while(int w) {
  int between_scans = 0, until_scan = 0;
  const Waiter& waiter = *workers_[w].waiter;
  // Flagged while it looks: a thread creating short tasks then queues one
  // for it (runs_on_creator).
  std::atomic<bool>& looking = workers_[w].looking;
  looking.store(true, std::memory_order_relaxed);
  struct Unflag {
    std::atomic<bool>& looking;
    ~Unflag() { looking.store(false, std::memory_order_relaxed); }
  } unflag{looking};
  // hcc.notice: the implicit tasks made ready for it while it looked.
  const double looking_from = measure_costs_ && workers_[w].cpu ? backend_->now() : -1;
  double scanning = 0;  // instrumented runs: the seconds of its scans
  int scans = 0, own_rounds = 0;
  Task* found = nullptr;
  for (int round = 0; backend_->keep_looking(round) && !waiter.notified(); ++round) {
    const bool scan = until_scan == 0;
    const double scan_from = scan && looking_from >= 0 ? backend_->now() : -1;
    found = next_task(w, false, /*own_queue_only=*/!scan);
    if (scan_from >= 0) {
      scanning += backend_->now() - scan_from;
      ++scans;
    } else if (looking_from >= 0) {
      ++own_rounds;
    }
    if (found) {
      // Longer than kLongestCost, the worker was preempted meanwhile.
      if (looking_from >= 0 && found->pinned_worker == w && found->ready_at >= looking_from)
        if (const double seconds = backend_->now() - found->ready_at; seconds <= kLongestCost)
          record_cost(kNoticeCost, kCpuArch, seconds);
      break;
    }
    if (scan) {
      between_scans = rounds_before_next_scan(between_scans);
      until_scan = between_scans;
    } else {
      --until_scan;
    }
    if (stopping_.load(std::memory_order_relaxed)) break;
  }
  if (looking_from >= 0) rounds_measured(looking_from, scanning, scans, own_rounds);
  return found;
}

// Instrumented runs: a look's rounds (hcc.scan: the mean of its scans, each
// timed between two reads of the clock; hcc.look: the mean of its other
// rounds, from the look's time less its scans'), once it had enough of
// them that the look's own start and end are not their measure.
void Runtime::rounds_measured(double from, double scanning, int scans, int own_rounds) {
  constexpr int kMinOwnRounds = 64;
  if (scans > 0) {
    const double scan = scanning / scans - wall_clock_cost_;
    if (scan >= 0 && scan <= kLongestCost) record_cost(kScanCost, kCpuArch, scan);
  }
  if (own_rounds >= kMinOwnRounds) {
    const double round = (backend_->now() - from - scanning) / own_rounds;
    if (round >= 0 && round <= kLongestCost) record_cost(kLookCost, kCpuArch, round);
  }
}

// Simulation: what a native worker does before its look sees the queues:
// the runtime's work after its last kernel (hcc.task: completing it), and a
// scan of the others' queues (hcc.scan), where it would take from them.
// Looking at once, a worker stole a task the instant its own ended.
void Runtime::charge_before_look(int w, bool own_queue_only) {
  Worker& me = workers_[w];
  if (me.kernel_ended) {
    me.kernel_ended = false;
    if (me.task_cost > 0) backend_->compute(me.task_cost);
  }
  if (scan_round_ > 0 && !own_queue_only && w < nworkers_ && me.cpu && scheduler_->queued(w) == 0 &&
      others_queued(w))
    backend_->sleep(scan_round_);
}

Task* Runtime::next_task(int w, bool last_look, bool own_queue_only) {
  Worker& me = workers_[w];
  if (simulated_) charge_before_look(w, own_queue_only);
  // Instrumented runs: the look found the task that follows a timed
  // kernel's end (hcc.task, hcc.taskstart).
  auto found = [&](Task* t) {
    if (measure_costs_ && me.after_kernel >= 0) me.found_at = backend_->wallclock();
    return t;
  };
  const bool woken_for_task = me.woken_for_task.load(std::memory_order_relaxed);
  if (woken_for_task) me.woken_for_task.store(false, std::memory_order_relaxed);
  // An implicit task starts only on a worker that runs nothing else: one
  // started inside a waiting task would wait at its barrier for that task.
  if (Task* t = me.pinned.load(std::memory_order_acquire); t && !me.current.load(std::memory_order_relaxed)) {
    me.pinned.store(nullptr, std::memory_order_relaxed);
    return found(t);
  }
  const bool team_worker = w >= nworkers_;
  if (team_worker && !me.current.load(std::memory_order_relaxed)) {
    // A team worker between two teams takes no task (can_take): claimed for
    // one as it left its team, it passes the claim on.
    if (woken_for_task)
      for (int i = 0; i < nworkers_; ++i)
        if (wake(i)) break;
    return nullptr;
  }
  // A team worker has no queue of its own: it takes its team's tasks from
  // the others' queues.
  while (Task* t = team_worker   ? scheduler_->pop_guest(w)
                   : own_queue_only ? scheduler_->pop_own(w)
                                    : scheduler_->pop(w, last_look)) {
    if (!t->has_commute || take_commute(t)) return found(t);
  }
  // The end of the tasks it ran back to back: no time passed since the last
  // one completed but this look (none at all in simulation).
  if (me.end_unstamped) {
    me.end_unstamped = false;
    me.last_end.store(backend_->now(), std::memory_order_relaxed);
  }
  return nullptr;
}

// A task with exclusive accesses runs only while it holds all of them;
// otherwise it waits on the first busy handle and is pushed again when that
// handle is released. The handles are locked together, in address order.
bool Runtime::take_commute(Task* t) {
  SmallVector<Handle*, 8> handles;
  for (const Access& a : t->accesses)
    if (exclusive(a.mode) && std::find(handles.begin(), handles.end(), a.handle) == handles.end())
      handles.push_back(a.handle);
  // The first busy handle in the task's own order, not in address order:
  // which one it waits on decides when it runs again, and addresses change
  // from run to run (simulations must not).
  std::sort(handles.begin(), handles.end());
  for (Handle* h : handles) h->lock.lock();
  Handle* busy = nullptr;
  for (const Access& a : t->accesses)
    if (!busy && exclusive(a.mode) && a.handle->commute_owner && a.handle->commute_owner != t) busy = a.handle;
  if (busy) busy->commute_waiting.push_back(t);
  else
    for (Handle* h : handles) h->commute_owner = t;
  for (Handle* h : handles) h->lock.unlock();
  return !busy;
}

void Runtime::run_task(Task* t, int w) {
  Worker& me = workers_[w];
  me.looking_since = -1;  // it found a task (scans_as_native)
  // hcc.implicit: an implicit task's run less its body and barrier, which
  // the layer above measures (implicit_body_measured). A nested region's
  // implicit task may run inside this one's body, on this worker.
  const bool implicit = t->implicit;
  const double implicit_from = implicit && measure_costs_ && me.cpu && times_event() ? backend_->wallclock() : -1;
  const double outer_body = me.implicit_body;
  if (implicit && measure_costs_) me.implicit_body = implicit_from >= 0 ? kImplicitBodyPending : kImplicitBodyUntimed;
  Task* outer = me.current.load(std::memory_order_relaxed);
  const bool outer_implicit = me.current_implicit.load(std::memory_order_relaxed);
  me.current.store(t, std::memory_order_relaxed);
  me.current_implicit.store(t->implicit, std::memory_order_relaxed);
  t->worker = w;
  // Memory the body declares is counted on the main-memory node at its start
  // (allocated) and end (freed), at the same points in every mode.
  if (t->mem_alloc) {
    Locked lock(*backend_);
    account(0, static_cast<int64_t>(t->mem_alloc));
  }
  // A body without data (an OpenMP task) runs from here: a task that waits
  // for its children nests the next one's run on this frame.
  static const Buffers kNoBuffers{};
  if (single_node_ && (t->accesses.empty() || (me.cpu && (t->codelet->flags & HCC_CODELET_CPU_NO_BUFFERS))))
    execute_and_time(t, w, kNoBuffers);
  else
    execute_with_data(t, w);
  const bool children_counted = return_child_credit(t);
  if (return_region_credit(*t) || children_counted) counter_reached_zero();
  if (t->finished) t->finished(t->arg);
  if (t->mem_free) {
    Locked lock(*backend_);
    account(0, -static_cast<int64_t>(t->mem_free));
  }
  me.current.store(outer, std::memory_order_relaxed);
  me.current_implicit.store(outer_implicit, std::memory_order_relaxed);
  bool completes = true;
  if (t->detached) {
    SpinGuard guard(t->lock);
    if (!t->fulfilled) {
      t->body_ended = true;
      completes = false;
    }
  }
  if (completes) complete(t, w, w);
  // Its completion's work is charged before its next look (hcc.task).
  if (simulated_ && !implicit && me.task_cost_split) me.kernel_ended = true;
  if (implicit && measure_costs_) {
    // Four readings: the two around the body count in it, the other two
    // add one reading each to the parts before and after it.
    if (implicit_from >= 0 && me.implicit_body >= 0)
      if (const double seconds = cost_since(implicit_from); seconds >= 0)
        record_cost(kImplicitCost, kCpuArch, std::max(0.0, seconds - me.implicit_body - wall_clock_cost_));
    me.implicit_body = outer_body;
  }
}

// The body on its data: their addresses (run_task sends a body that takes
// no buffers on one memory node straight to execute_and_time), or brought
// to the worker's memory node and released after.
void Runtime::execute_with_data(Task* t, int w) {
  const int node = desc(w).node;
  Buffers buffers;
  if (single_node_) {
    for (const Access& a : t->accesses) buffers.push_back(a.handle->addr);
  } else {
    Locked lock(*backend_);
    acquire_data(t, node, buffers);
  }
  execute_and_time(t, w, buffers);
  if (!single_node_) {
    Locked lock(*backend_);
    release_data(t, node);
  }
}

// One run in the worker's time period is timed for the task's kind
// (short_tasks.hpp), from its body's start: a simulation charges the
// runtime's work before the body after `started` (simulate_body), where
// natively it came before. Counted in, a kernel of 0.97 us with 31 ns of
// hcc.taskstart ran 1.03 us in simulation, not short: 200,000 of them were
// all deferred where natively 82-94 % ran on their creator.
void Runtime::execute_and_time(Task* t, int w, const Buffers& buffers) {
  const bool timed = !t->implicit && times_run(w);
  const uint32_t creations = workers_[w].creations;
  const double started = timed ? backend_->now() : 0;
  execute_body(t, w, buffers);
  if (timed)
    observe_run(w, t->codelet, backend_->now() - (simulated_ ? t->start_time : started),
                workers_[w].creations != creations);
}

void Runtime::fulfill(Task* t) {
  bool completes = false;
  {
    SpinGuard guard(t->lock);
    if (t->body_ended) completes = true;
    else t->fulfilled = true;
  }
  if (completes) complete(t, t->worker, backend_->self_worker());
}

// Runs on the completing thread (self: a worker, or -1; w: the worker that
// ran the task); every counter a wait may be blocked on is
// changed here, and reaching zero wakes the blocked threads. The task's
// handles are not touched (their segments name it without holding it), so
// that the next submission on them finds them in its own cache.
void Runtime::complete(Task* t, int w, int self) {
  Worker& k = workers_[w];
  // Only fulfill() completes a task for another worker: its clock may then be behind.
  if (self == w) k.end_unstamped = true;
  else store_max(k.last_end, backend_->now());
  // Before done: a handle may be unregistered once its tasks are done.
  if (t->has_commute) {
    for (const Access& a : t->accesses) {
      if (!exclusive(a.mode)) continue;
      std::vector<Task*> waiting;
      {
        SpinGuard guard(a.handle->lock);
        if (a.handle->commute_owner != t) continue;
        a.handle->commute_owner = nullptr;
        waiting.swap(a.handle->commute_waiting);
      }
      for (Task* s : waiting) make_ready(s, w);
    }
  }
  bool zero = false;  // some counter a wait may be blocked on reached zero, or a waited task completed
  {
    SpinGuard guard(t->lock);  // no successor is added after this (depend_on)
    t->done.store(true, std::memory_order_release);
    zero = t->waited;
  }
  if (t->pinned_worker < 0) scheduler_->finished(t, w);

  // The record is instrumentation's own work, left out of the runtime's
  // measured per-task cost (hcc.task): two monotonic clock reads.
  if (keep_records_ && !t->implicit && t->timed()) {
    const bool measuring = measure_costs_ && w >= 0 && workers_[w].after_kernel >= 0;
    const double at = measuring ? backend_->wallclock() : 0;
    record(t, w, t->end_time);
    if (measuring) workers_[w].after_kernel += backend_->wallclock() - at;
  }

  // The worker that ran t takes a task from its own queue next, unless it
  // goes back to waiting inside a task (which may end before it looks): the
  // first successor queued there, if it is the next the worker takes, wakes
  // no one else.
  const Task* outer = k.current.load(std::memory_order_relaxed);
  bool keep = self == w && (!outer || outer->implicit);
  for (Task* s : t->successors)
    if (s->pending_deps.fetch_sub(1, std::memory_order_acq_rel) == 1 && make_ready(s, w, keep)) keep = false;

  if (t->group && count_out(*t->group)) zero = true;
  if (t->counted_in_region && count_out(*t->region)) zero = true;
  if (Task* parent = t->parent.load(std::memory_order_relaxed)) {
    if (parent->pending_children.fetch_sub(1) == 1) {
      // Its taskwait, registered in it (wait_until), is told here; the
      // waits in blocked_ (a barrier waits for an implicit task's
      // children) as for any other count.
      if (Waiter* waiting = parent->children_waiter.load()) waiting->notify();
      if (parent->implicit) zero = true;
      release(parent);  // see enqueue
    }
  }
  // HCC_MAX_SUBMITTED: a blocked submitter waits for resume_submitting_.
  if (count_completion(self)) zero = true;
  if (!t->implicit && k.completed.fetch_add(1, std::memory_order_relaxed) % 4096 == 4095 && show_progress_) progress();
  // Coherence's waits (a replica in use or being fetched) read state that
  // completions change without reaching a zero.
  if (zero || !single_node_) counter_reached_zero();
  release(t);
}

// Counts n tasks out of g; whether g is now empty. Its seated waiter, read
// first (g may be gone once empty: Group::waiter), is told.
bool Runtime::count_out(Group& g, int n) {
  Waiter* const seated = g.waiter.load(std::memory_order_acquire);
  const int left = g.pending.fetch_sub(n) - n;
  // No other actor runs before the notification: g is still there.
  if (simulated_) {
    const int self = backend_->self_worker();
    if (self != g.last_out_by) {
      g.other_out_at = g.last_out_at;
      g.last_out_by = self;
    }
    g.last_out_at = backend_->now();
  }
  if (left != 0) return false;
  if (seated) seated->notify();
  return true;
}

// Natively a thread sees another's write a while after it (hcc.notice): the
// end of a region whose other thread completed its implicit task as the
// encountering thread completed its own was seen 0.1-0.3 us after. A
// simulated thread that parked for it is charged that when woken
// (idle_wait); one that came after, or counted the last task out itself,
// until hcc.notice after the last task another worker counted out.
void Runtime::see_emptied(const Group& g) {
  if (!simulated_) return;
  const int w = backend_->self_worker();
  if (w < 0) return;
  const double others = g.last_out_by == w ? g.other_out_at : g.last_out_at;
  if (others < 0) return;
  if (const double late = others + workers_[w].notice_latency - backend_->now(); late > 0) backend_->sleep(late);
}

void Runtime::work_run_at_once_ended() { store_max(at_once_end_, backend_->now()); }

uint64_t Runtime::completed() const {
  uint64_t n = run_at_once_.load(std::memory_order_relaxed);
  const int all = nworkers_ + nteam_workers_.load();
  for (int w = 0; w < all; ++w)
    n += workers_[w].completed.load(std::memory_order_relaxed) + workers_[w].run_at_once.load(std::memory_order_relaxed);
  return n;
}

// A long run on a terminal says how far it is, once a second of wall time.
void Runtime::progress() {
  const double wall = backend_->wallclock();
  double last = last_progress_.load();
  if (wall - last < 1.0 || !last_progress_.compare_exchange_strong(last, wall)) return;
  std::fprintf(stderr, "\rhccsim: %" PRIu64 " tasks done, %d in flight, %s time %.3f s   ", completed(),
               inflight_.load(), simulated_ ? "simulated" : "run", backend_->now());
  std::fflush(stderr);
  progress_shown_ = true;
}

}  // namespace hcc::rt
