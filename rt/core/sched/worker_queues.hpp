// Per-worker ready queues with stealing, shared by the eager, lws and prio
// schedulers. Each queue has its own spin lock, so that workers taking from
// their own queue never wait for each other; a worker whose queue is empty
// steals from the others in turn, skipping empty ones without locking them.
//
// A thief leaves a queue's only task to its owner until it has seen that
// queue non-empty on its previous look too, and skips a queue whose lock is
// taken: with every idle worker stealing at first sight, each task pushed
// while sixteen workers looked for work drew sixteen of them onto one
// queue's line, and the pushing thread paid for it (4 us per task at 16
// threads on the 16-core node against 0.6 at 2; bench/README.md). An owner
// that is looking for work takes its task within one look; one that is busy
// loses it to a thief one look later. In simulation a worker's looks come
// back to back without a simulated instant between them, so a steal
// deferred to the next look happens at the same simulated time.
//
// Not a lock-free Chase-Lev deque: tasks are pushed by threads other than the
// queue's owner (the application thread, a worker releasing a successor that
// another worker must run), which such a deque does not allow, and the lock
// is uncontended in the common case (bench/task_overhead.py measures it).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <type_traits>
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
    per_worker_ = std::make_unique<PerWorker[]>(n_);
    for (int w = 0; w < n_; ++w) {
      per_worker_[w].seen.assign(n_, 0);
      per_worker_[w].turn.store(w + 1, std::memory_order_relaxed);  // its neighbours first
    }
  }

  // The worker whose queue a ready task joins: the worker that made it ready
  // (its data is likely in that worker's cache), else the next one in turn
  // that can run it, so that every worker starts with work. With spread, a
  // worker whose own queue holds a task already deals the next ones in turn
  // too: a task releasing many successors would otherwise keep a queue of
  // several tasks, which every idle worker steals from at first sight
  // (sixteen threads on one queue's line: 2.5 to 3 us per task on the
  // 16-core node). A task that its submitter made ready is dealt in turn,
  // its submitter's queue included, as the application's are: its submitter
  // runs a task body (an OpenMP thread creating every task) and takes from
  // its own queue only once it waits, so that its queue, each time it held
  // one task, was the line that every idle worker watched and stole from.
  // (Skipping the submitter's queue altogether made a creating thread and
  // one worker 14 % slower on 2 cores: every push met the worker's pop on
  // one line.) Each pusher keeps its own turn, on its own line.
  int target(const Task& t, bool spread) {
    const int by = t.ready_by;
    if (by >= 0 && ctx_.can_run(t, by) && (!spread || (!t.ready_at_submission && empty(by)))) return by;
    std::atomic<unsigned>& turn = by >= 0 ? per_worker_[by].turn : app_turn_;
    for (int k = 0; k < n_; ++k) {
      // Not a read-modify-write: two threads that pick the same worker at
      // once (a completion for another worker, detach) only share its queue
      // a little longer.
      const unsigned next = turn.load(std::memory_order_relaxed);
      turn.store(next + 1, std::memory_order_relaxed);
      const int w = static_cast<int>(next % n_);
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
    s.size.store(static_cast<uint32_t>(s.queue.size()), std::memory_order_relaxed);
  }

  // take(queue) on the worker's own queue, then steal(queue) on the others'
  // (see the top of this file; on the last look before parking, at first sight).
  template <typename Take, typename Steal>
  Task* pop(int w, bool last_look, Take&& take, Steal&& steal) {
    if (Task* t = pop_own(w, take)) return t;
    std::vector<uint8_t>& seen = per_worker_[w].seen;
    for (int k = 1; k < n_; ++k) {
      const int v = (w + k) % n_;
      Slot& s = queues_[v];
      const uint32_t size = s.size.load(std::memory_order_relaxed);
      const bool seen_before = seen[v];
      seen[v] = size > 0;
      if (size == 0 || (size == 1 && !seen_before && !last_look)) continue;
      if (last_look) s.lock.lock();
      else if (!s.lock.try_lock()) continue;
      Task* t = steal(s.queue);
      s.size.store(static_cast<uint32_t>(s.queue.size()), std::memory_order_relaxed);
      s.lock.unlock();
      if (t) return t;
    }
    return nullptr;
  }

  template <typename Take>
  Task* pop_own(int w, Take&& take) {
    return take_from(queues_[w], take);
  }

  // steal(queue) on each queue in turn, for a worker with none of its own:
  // it keeps no state here (PerWorker is the queues' owners').
  template <typename Steal>
  Task* pop_guest(Steal&& steal) {
    for (int v = 0; v < n_; ++v)
      if (Task* t = take_from(queues_[v], steal)) return t;
    return nullptr;
  }

  SchedulerContext& context() const { return ctx_; }
  bool empty(int w) const { return size(w) == 0; }
  size_t size(int w) const { return queues_[w].size.load(std::memory_order_relaxed); }

 private:
  struct alignas(64) Slot {
    SpinLock lock;
    std::atomic<uint32_t> size{0};  // read without the lock to skip empty queues
    Queue queue;
  };
  // A push of one task into a short RingQueue then touches one line.
  static_assert(!std::is_same_v<Queue, RingQueue> || sizeof(Slot) == 64, "a RingQueue slot is one cache line");

  template <typename Take>
  static Task* take_from(Slot& s, Take& take) {
    if (s.size.load(std::memory_order_relaxed) == 0) return nullptr;
    SpinGuard g(s.lock);
    Task* t = take(s.queue);
    s.size.store(static_cast<uint32_t>(s.queue.size()), std::memory_order_relaxed);
    return t;
  }

  // What one worker keeps, on its own line: what it saw of the others'
  // queues at its last look, and whose turn it is among the workers it
  // deals tasks to.
  struct alignas(64) PerWorker {
    std::vector<uint8_t> seen;  // seen[v]: v's queue was not empty
    std::atomic<unsigned> turn{0};
  };

  SchedulerContext& ctx_;
  const int n_;
  std::unique_ptr<Slot[]> queues_;
  std::unique_ptr<PerWorker[]> per_worker_;
  // The application's turn: written by every push of its tasks, on a line
  // of its own, not on the one the workers read at every pop.
  alignas(64) std::atomic<unsigned> app_turn_{0};
};

// Removes and returns the oldest task of the queue that the worker can
// take; nullptr if none.
inline Task* take_oldest_runnable(RingQueue& q, const SchedulerContext& ctx, int worker) {
  for (size_t i = 0; i < q.size(); ++i)
    if (ctx.can_take(*q.at(i), worker)) return i == 0 ? q.pop_front() : q.take(i);
  return nullptr;
}

}  // namespace hcc::rt
