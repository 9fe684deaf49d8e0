// Schedulers decide which worker runs a ready task. They are called
// concurrently by submitting threads and workers, without the control lock,
// and guard their own queues; they see the machine only through
// SchedulerContext, so the same scheduler makes the same decisions natively
// and in simulation.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "backend.hpp"
#include "task.hpp"

namespace hcc::rt {

class SchedulerContext {
 public:
  virtual ~SchedulerContext() = default;
  virtual const Machine& machine() const = 0;
  virtual double now() = 0;
  virtual bool can_run(const Task& t, int worker) const = 0;
  // Whether the worker may take t now (pop): it can run it, and when it
  // waits inside a task, the runtime's constraints on what it runs then.
  virtual bool can_take(const Task& t, int worker) const { return can_run(t, worker); }
  // Expected kernel duration of t on a worker of that arch, if known.
  virtual std::optional<double> expected_duration(const Task& t, const std::string& arch) = 0;
  // Expected time to bring t's input data to the memory node.
  virtual double expected_transfer(const Task& t, int node) = 0;
  // Bytes of t's inputs already valid on the node.
  virtual uint64_t bytes_on_node(const Task& t, int node) const = 0;
};

class Scheduler {
 public:
  virtual ~Scheduler() = default;
  // A task became ready (Task::ready_by says which worker made it ready, -1
  // for the application, and Task::ready_at_submission whether it did so by
  // submitting it rather than by completing its last predecessor). Returns
  // the worker whose queue it joined, or -1 for a queue every worker takes
  // from.
  virtual int push(Task* t) = 0;
  // The next task for the worker, or nullptr. last_look: the worker parks
  // if this finds nothing, so it takes any task it can (a scheduler may
  // otherwise leave a task to a worker better placed to take it).
  virtual Task* pop(int worker, bool last_look) = 0;
  // The next task queued for the worker alone, looking at no other worker's
  // queue (an idle worker between its looks at the others').
  virtual Task* pop_own(int worker) { return pop(worker, false); }
  // The next task for a worker with no queue of its own (a thread added for
  // an OpenMP team, Runtime::add_team_worker): one it can take from the
  // others' queues, or nullptr where the scheduler queues each task for one
  // worker (dmda, dmdas).
  virtual Task* pop_guest(int /*worker*/) { return nullptr; }
  // The task the worker will most likely pop next, left queued, when the
  // scheduler queues tasks for one worker alone (dmda, dmdas): a GPU worker
  // brings its inputs while its kernel runs. Valid until that worker pops.
  virtual Task* peek(int /*worker*/) { return nullptr; }
  // Whether a task pushed for one worker may be taken by another (central
  // queues, stealing): then any idle worker is woken for it.
  virtual bool shares_tasks() const { return true; }
  // Whether the worker's next pop returns the next task queued for it (its
  // own queue is empty): a worker that completes a task and queues a
  // successor for itself then wakes no other worker for it.
  virtual bool runs_next_push(int /*worker*/) const { return false; }
  // How many tasks the worker's own queue holds (0 for schedulers without
  // one): a creating worker whose queue is that full runs its next task at
  // once (Config::task_throttle).
  virtual size_t queued(int /*worker*/) const { return 0; }
  // The worker finished t (lets model-based schedulers update their load).
  virtual void finished(Task*, int /*worker*/) {}
};

// Throws std::runtime_error for an unknown name.
std::unique_ptr<Scheduler> make_scheduler(const std::string& name, SchedulerContext& ctx);

}  // namespace hcc::rt
