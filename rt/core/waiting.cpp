// Waiting: taskwait, waits for all tasks, a handle, a group or a taskgroup,
// and the waits of layers above the core (rt/omp). A waiting worker runs
// other ready tasks meanwhile (a task scheduling point).
//
// A thread that must park registers in blocked_ under the control lock and
// looks at its condition once more; whoever makes a condition true wakes the
// registered threads whose condition holds (notify_blocked). The core's
// conditions are counters reaching zero and tasks that a thread waits for
// (Task::waited) completing, changed without the lock by complete(), which
// takes the lock only then, and only while some thread is registered
// (counter_reached_zero).
#include <algorithm>
#include <utility>

#include "locked.hpp"
#include "runtime_costs.hpp"
#include "runtime.hpp"

namespace hcc::rt {

// With the control lock held.
void Runtime::notify_blocked() {
  for (Blocked* b : blocked_)
    if ((*b->ready)()) {
      if (measure_costs_ && b->notified_at < 0) b->notified_at = backend_->now();
      b->waiter->notify();
    }
}

void Runtime::counter_reached_zero() {
  if (blocked_count_.load() == 0) return;
  Locked lock(*backend_);
  notify_blocked();
}

// Blocks the caller until ready() holds, running ready tasks meanwhile when
// the caller is a worker and help is set. With lock_held, the caller holds
// the control lock, ready() reads state that the lock guards and is only
// called with it held; the lock is dropped while tasks run or the caller
// parks, and held again on return. Without it, ready() reads atomics only.
// With seats (a worker only), the caller registers in them rather than in
// blocked_: in a task whose children it waits for, the completion that ends
// the wait notifies this thread alone, and a task tree thousands of
// taskwaits deep costs no more per completion than a flat one; at a barrier
// or a region's end, no thread takes the control lock (wait_in).
void Runtime::wait_until(const std::function<bool()>& ready, bool help, bool lock_held, Seats seats) {
  const int w = backend_->self_worker();
  Worker* me = w >= 0 ? &workers_[w] : nullptr;
  if (!me) seats = {};
  const bool helps = me && help;
  // hcc.wait: the worker's own work from here to its first task or park;
  // hcc.waitend: from its last one to the end (runtime_costs.hpp).
  const bool timed = measure_costs_ && me && me->cpu && times_event();
  const double entered = timed ? backend_->wallclock() : 0;
  // The end segment begins at the end of the last kernel the wait runs,
  // and the completion that follows it is the segment's work. Read at one
  // kernel end in kSamplePeriod, that end was known in one timed wait in
  // as many: hcc.waitend left the completion out (7-37 ns in fine-grained
  // task programs, 200-300 with every wait timed: their completions
  // decrement their parents' counts, on the other core natively). Kernels
  // run in the bodies of the tasks this wait runs are in those bodies' waits.
  const bool outer_times_end = me ? me->wait_times_end : false;
  if (me) me->wait_times_end = timed;
  double first_ended = -1, since = entered;  // the end of the first segment, once it ended
  auto pause_timing = [&] {
    if (timed && first_ended < 0) first_ended = backend_->wallclock();
  };
  // Simulation: charged when the control lock is not held (computing is a
  // blocking call): now, or at the wait's first round, where the wait's end
  // is charged too (the lock is held there).
  const bool cpu_worker = me && me->cpu;
  double charge = cpu_worker ? wait_cost_ + (lock_held ? wait_end_cost_ : 0) : 0;
  if (charge > 0 && !lock_held) {
    backend_->compute(charge);
    charge = 0;
  }
  // What it waits for may be inflight_, or the running task's children,
  // reaching zero.
  Task* running = me ? me->current.load(std::memory_order_relaxed) : nullptr;
  if (return_credits_to_wait(w, running)) {
    if (lock_held) notify_blocked();
    else counter_reached_zero();
  }
  Waiter* waiter = me ? me->waiter.get() : app_waiter_.get();
  // Registered for the whole wait, before the first look at ready(): whoever
  // makes it true meanwhile, while this thread runs tasks, looks for them or
  // parks, notifies its waiter (notify_blocked), and a notification before
  // it parks makes the park return at once. (Registering at each park took
  // the control lock three or four times per task that a waiting worker
  // found: the workers of an OpenMP team waiting at a barrier spent a third
  // of their time in the lock on the 16-core node.)
  Blocked b{waiter, &ready};
  // What a wait often waits for has come already (a taskwait after
  // undeferred tasks only, the usual cut-off of a recursive search): no
  // registration, no lock.
  const bool registered = !ready();
  if (registered) register_wait(b, lock_held, seats);
  // With the lock held, ready() is looked at again after a run of tasks,
  // not after each, and a worker that ran a task looks for the next a while
  // (as an idle worker does) before it takes the lock again. A worker that
  // ran nothing parks (idle_wait: it looks a while first).
  const int run_length = lock_held ? 32 : 1;
  // A simulated program's thread that is worker 0 makes the other workers'
  // calls (call_on_program_thread) at each round: after the tasks it ran,
  // or when its park ended.
  const bool serves_calls = me && w == program_thread_worker() && simulated_;
  bool looped = false;  // ran a task or parked: the wait has an end segment
  while (registered && !ready()) {
    looped = true;
    if (lock_held) backend_->unlock();
    if (charge > 0) {
      backend_->compute(charge);
      charge = 0;
    }
    int ran = 0;
    if (helps) {
      for (Task* t; ran < run_length && ((t = next_task(w, false)) || (lock_held && ran > 0 && (t = look_a_while(w))));
           ++ran) {
        pause_timing();
        run_task(t, w);
      }
    }
    if (ran == 0) {
      pause_timing();
      if (helps) {
        if (Task* found = idle_wait(w)) run_task(found, w);
      } else {
        waiter->wait();
        // A simulated program's thread makes the calls that only it can
        // make for the workers meanwhile (call_on_program_thread); woken
        // for one, it is charged no wake-up: natively the worker made it.
        if (w < 0 && !(simulated_ && run_program_thread_calls())) app_woken(b);
      }
    }
    if (serves_calls) run_program_thread_calls();
    if (timed) since = backend_->wallclock();  // from the last task or park
    if (lock_held) backend_->lock();
  }
  if (registered) unregister_wait(b, lock_held, seats);
  if (looped && cpu_worker && !lock_held && wait_end_cost_ > 0) backend_->compute(wait_end_cost_);
  // The program's code runs on: it sees its data in main memory.
  if (help && !single_node_) {
    if (!lock_held) backend_->lock();
    write_back_idle_data();
    if (!lock_held) backend_->unlock();
  }
  // Claimed for a ready task but leaving because what it waited for came at
  // the same time: another worker must take the task, or it could wait for
  // one that only this worker was told of.
  if (me && me->woken_for_task.exchange(false, std::memory_order_relaxed)) {
    for (int i = 0; i < nworkers_; ++i)
      if (i != w) wake(i);
  }
  if (timed) {
    // The last segment starts at the end of the last kernel it ran, when it
    // ran one: completing that task (waking this very wait) is the work
    // that ends it, and no hcc.task counts it (none follows back to back).
    const double now = backend_->wallclock();
    const double from = me->after_kernel >= 0 ? std::min(me->after_kernel, since) : since;
    if (first_ended < 0) {
      cost_measured(kWaitCost, entered, now);
    } else {
      cost_measured(kWaitCost, entered, first_ended);
      cost_measured(kWaitEndCost, from, now);
    }
  }
  // What runs next is the waiting body's own code, not the runtime's work
  // between two kernels (hcc.task).
  if (me) {
    me->wait_times_end = outer_times_end;
    me->after_kernel = -1;
    me->kernel_ended = false;  // its end's work was hcc.waitend's
    me->looking_since = -1;  // its next look for tasks starts afresh (scans_as_native)
  }
}

// A wait with seats registers in them, with a full fence between the
// registration and the caller's next look at its condition (and whoever
// changes the condition has one between the change and its look at the
// seat): either the caller sees the change or the changer sees the waiter.
// Every other wait registers in blocked_, under the control lock.
void Runtime::register_wait(Blocked& b, bool lock_held, const Seats& seats) {
  if (seats[0]) {
    for (Seat* seat : seats)
      if (seat) seat->store(b.waiter);
    return;
  }
  if (!lock_held) backend_->lock();
  blocked_.push_back(&b);
  blocked_count_.fetch_add(1);
  if (!lock_held) backend_->unlock();
}

void Runtime::unregister_wait(Blocked& b, bool lock_held, const Seats& seats) {
  if (seats[0]) {
    for (Seat* seat : seats)
      if (seat) seat->store(nullptr, std::memory_order_relaxed);
    return;
  }
  if (!lock_held) backend_->lock();
  blocked_.erase(std::find(blocked_.begin(), blocked_.end(), &b));
  blocked_count_.fetch_sub(1);
  if (!lock_held) backend_->unlock();
}

// The application thread runs again after a wait: instrumented runs measure
// how long that took from its notification, simulations charge it. The
// notification's time is read and cleared under the control lock, which
// notify_blocked writes it under: the thread stays registered for its whole
// wait and may be notified again.
void Runtime::app_woken(Blocked& b) {
  double notified_at = -1;
  if (measure_costs_) {
    Locked lock(*backend_);
    notified_at = std::exchange(b.notified_at, -1.0);
  }
  if (notified_at >= 0) record_model(kAppWakeCost, "cpu", 0, 0, backend_->now() - notified_at);
  if (app_wake_latency_ > 0) backend_->sleep(app_wake_latency_);
}

bool Runtime::run_program_thread_calls() {
  bool ran = false;
  while (program_thread_calls_pending_.load(std::memory_order_acquire) > 0) {
    ProgramThreadCall* c = nullptr;
    {
      Locked lock(*backend_);
      c = program_thread_calls_.front();
      program_thread_calls_.pop_front();
      program_thread_calls_pending_.fetch_sub(1, std::memory_order_relaxed);
    }
    (*c->call)();
    Waiter* caller = c->caller;  // c is gone once done is seen
    c->done.store(true);
    caller->notify();
    ran = true;
  }
  return ran;
}

bool Runtime::call_on_program_thread(const std::function<void()>& call) {
  const int w = backend_->self_worker();
  const int program = program_thread_worker();
  if (w < 0 || w == program) return false;
  ProgramThreadCall c{&call, workers_[w].waiter.get()};
  {
    Locked lock(*backend_);
    program_thread_calls_.push_back(&c);
    program_thread_calls_pending_.fetch_add(1, std::memory_order_release);
  }
  (program >= 0 ? workers_[program].waiter : app_waiter_)->notify();
  // Not idle: no wake-up for a task comes to this waiter meanwhile (wake).
  while (!c.done.load()) c.caller->wait();
  return true;
}

void Runtime::wait_all(bool program_wait) {
  const double from = program_wait && measure_costs_ && times_event() ? backend_->wallclock() : -1;
  const int w = backend_->self_worker();
  Task* t = w >= 0 ? workers_[w].current.load(std::memory_order_relaxed) : nullptr;
  // Nothing to wait for (a taskwait after undeferred tasks only, the usual
  // cut-off of a recursive search, or in a leaf of the search: millions of
  // them), where the wait has nothing to write back: a look, as libomp's,
  // in every mode, measured and charged as hcc.emptywait, not as the waits
  // that register and leave (hcc.wait). The caller's credit of
  // tasks in flight goes back at its next wait or idle look; it looked for
  // no task, so no thread claimed it (woken_for_task).
  const bool look_only = single_node_;
  if (t) {
    if (look_only && t->child_credit == 0 && t->pending_children.load(std::memory_order_acquire) == 0)
      return waited_for_nothing(program_wait, from);
    if (!run_own_children(w, t)) wait_for_children(t);
  } else {
    if (look_only && credit_of(w) == 0 && inflight_.load(std::memory_order_acquire) == 0)
      return waited_for_nothing(program_wait, from);
    wait_for_inflight();
  }
}

// A wait that found nothing to wait for: its look measured from `from` (an
// instrumented run's reading of wallclock(), or < 0), or charged, if it is
// the program's.
void Runtime::waited_for_nothing(bool program_wait, double from) {
  if (!program_wait) return;
  if (from >= 0) cost_measured(kEmptyWaitCost, from);
  else if (empty_wait_cost_ > 0) backend_->compute(empty_wait_cost_);
}

void Runtime::taskwait() { wait_all(); }

// A native run that measures nothing, with one memory node: the waiting
// task runs its own queue's tasks (its children, newest first) from this
// frame, and waits (wait_until) only if some are left that it cannot take.
// A tree of tasks nests one run per taskwait, thousands deep: wait_until's
// frame made a level of bench/deep_tasks.py's tree 832 bytes of stack,
// against 432 with libomp, and the first pass over 4,000 levels faulted
// in the difference. Returns whether the children are done.
bool Runtime::run_own_children(int w, Task* t) {
  if (simulated_ || measure_costs_ || !single_node_) return false;
  if (return_credits_to_wait(w, t)) counter_reached_zero();
  while (t->pending_children.load(std::memory_order_acquire) != 0) {
    Task* next = next_task(w, false, /*own_queue_only=*/true);
    if (!next) return false;
    run_task(next, w);
  }
  workers_[w].after_kernel = -1;  // as wait_until leaves it
  return true;
}

// Apart from wait_all, whose frame every level of a task tree nests.
void Runtime::wait_for_children(Task* t) {
  wait_until([t] { return t->pending_children.load() == 0; }, true, false, {&t->children_waiter});
}
void Runtime::wait_for_inflight() {
  block_until([this] { return inflight_.load() == 0; }, true);
}

// Waits for the tasks on h submitted before the call.
void Runtime::wait_handle(Handle* h) { wait_tasks(unfinished_tasks(h)); }

// Waits for tasks that unfinished_tasks marked waited and holds: complete()
// then wakes the blocked threads. done is read under the task's lock, which
// complete() sets it under before it looks for blocked threads.
void Runtime::wait_tasks(const SmallVector<Task*, 8>& tasks) {
  if (tasks.empty()) return;
  block_until(
      [&tasks] {
        return std::all_of(tasks.begin(), tasks.end(), [](Task* p) {
          SpinGuard guard(p->lock);
          return p->done.load(std::memory_order_relaxed);
        });
      },
      true);
  for (Task* p : tasks) release(p);
}

Group* Runtime::create_group() { return new Group; }

// The innermost taskgroup is the running task's (only its thread opens and
// closes them) or the application's.
void Runtime::taskgroup_begin() {
  const int w = backend_->self_worker();
  Task* t = w >= 0 ? workers_[w].current.load(std::memory_order_relaxed) : nullptr;
  Group*& open = t ? t->taskgroup : app_taskgroup_;
  open = new Group{0, open};
}

void Runtime::taskgroup_end() {
  const int w = backend_->self_worker();
  Task* t = w >= 0 ? workers_[w].current.load(std::memory_order_relaxed) : nullptr;
  Group*& open = t ? t->taskgroup : app_taskgroup_;
  Group* g = open;
  if (!g) {
    std::fprintf(stderr, "hccsim: error: hcc_taskgroup_end without hcc_taskgroup_begin\n");
    return;
  }
  block_until([g] { return g->pending.load() == 0; }, true);
  open = g->enclosing;
  delete g;
}

void Runtime::wait_group(Group* g) {
  block_until([g] { return g->pending.load() == 0; }, true);
  delete g;
}

}  // namespace hcc::rt
