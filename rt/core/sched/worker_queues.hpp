// Per-worker ready queues with stealing, shared by the eager, lws and prio
// schedulers. Each queue has its own spin lock, so that workers taking from
// their own queue never wait for each other; a worker whose queue is empty
// steals from the others in turn, skipping empty ones without locking them.
//
// Not a lock-free Chase-Lev deque: tasks are pushed by threads other than the
// queue's owner (the application thread, a worker releasing a successor that
// another worker must run), which such a deque does not allow, and the lock
// is uncontended in the common case (bench/task_overhead.py measures it).
#pragma once

#include <atomic>
#include <memory>
#include <vector>

#include "ring_queue.hpp"
#include "schedulers.hpp"
#include "spin_lock.hpp"

namespace hcc::rt {

template <typename Queue>
class WorkerQueues {
 public:
  explicit WorkerQueues(SchedulerContext& ctx) : ctx_(ctx), n_(static_cast<int>(ctx.machine().workers.size())) {
    queues_ = std::make_unique<Slot[]>(n_);
  }

  // The worker whose queue a ready task joins: the worker whose completion
  // made it ready (its data is likely in that worker's cache), else the
  // next one in turn that can run it, so that every worker starts with work.
  int target(const Task& t) {
    if (t.ready_by >= 0 && ctx_.can_run(t, t.ready_by)) return t.ready_by;
    for (int k = 0; k < n_; ++k) {
      // Not a read-modify-write: two threads that pick the same worker at
      // once only share its queue a little longer.
      const unsigned turn = round_robin_.load(std::memory_order_relaxed);
      round_robin_.store(turn + 1, std::memory_order_relaxed);
      const int w = static_cast<int>(turn % n_);
      if (ctx_.can_run(t, w)) return w;
    }
    return 0;  // unreachable: the runtime rejects tasks no worker can run
  }

  // Runs insert(queue) on worker w's queue under its lock.
  template <typename Insert>
  void push(int w, Insert&& insert) {
    Slot& s = queues_[w];
    SpinGuard g(s.lock);
    insert(s.queue);
    s.size.store(s.queue.size(), std::memory_order_relaxed);
  }

  // take(queue) on the worker's own queue, then steal(queue) on the others'.
  template <typename Take, typename Steal>
  Task* pop(int w, Take&& take, Steal&& steal) {
    if (Task* t = take_from(queues_[w], take)) return t;
    for (int k = 1; k < n_; ++k)
      if (Task* t = take_from(queues_[(w + k) % n_], steal)) return t;
    return nullptr;
  }

  SchedulerContext& context() const { return ctx_; }

 private:
  struct alignas(64) Slot {
    SpinLock lock;
    std::atomic<size_t> size{0};  // read without the lock to skip empty queues
    Queue queue;
  };

  template <typename Take>
  static Task* take_from(Slot& s, Take& take) {
    if (s.size.load(std::memory_order_relaxed) == 0) return nullptr;
    SpinGuard g(s.lock);
    Task* t = take(s.queue);
    s.size.store(s.queue.size(), std::memory_order_relaxed);
    return t;
  }

  SchedulerContext& ctx_;
  const int n_;
  std::unique_ptr<Slot[]> queues_;
  // Written by every push of the application's tasks: on a line of its own,
  // not on the one the workers read at every pop.
  alignas(64) std::atomic<unsigned> round_robin_{0};
};

// Removes and returns the oldest task of the queue that the worker can
// take; nullptr if none.
inline Task* take_oldest_runnable(RingQueue& q, const SchedulerContext& ctx, int worker) {
  for (size_t i = 0; i < q.size(); ++i)
    if (ctx.can_take(*q.at(i), worker)) return i == 0 ? q.pop_front() : q.take(i);
  return nullptr;
}

}  // namespace hcc::rt
