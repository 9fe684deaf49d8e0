// prio: higher priority first, first come first served among equal ones.
// Each worker keeps its ready tasks in priority order and takes its best;
// a worker with none steals the best task of another.
#include <atomic>
#include <set>

#include "worker_queues.hpp"

namespace hcc::rt {
namespace {

class PrioScheduler final : public Scheduler {
 public:
  explicit PrioScheduler(SchedulerContext& ctx) : queues_(ctx) {}

  int push(Task* t) override {
    t->sequence = next_sequence_.fetch_add(1, std::memory_order_relaxed);
    const int w = queues_.target(*t, /*spread=*/true);
    queues_.push(w, [t](std::set<Task*, ByPriority>& q) { q.insert(t); });
    return w;
  }

  bool runs_next_push(int worker) const override { return queues_.empty(worker); }
  size_t queued(int worker) const override { return queues_.size(worker); }

  Task* pop(int worker, bool last_look) override {
    SchedulerContext& ctx = queues_.context();
    auto best = [&ctx, worker](std::set<Task*, ByPriority>& q) { return take_first_runnable(q, ctx, worker); };
    return queues_.pop(worker, last_look, best, best);
  }

  Task* pop_guest(int worker) override {
    SchedulerContext& ctx = queues_.context();
    return queues_.pop_guest(
        [&ctx, worker](std::set<Task*, ByPriority>& q) { return take_first_runnable(q, ctx, worker); });
  }

  Task* pop_own(int worker) override {
    SchedulerContext& ctx = queues_.context();
    return queues_.pop_own(worker,
                           [&ctx, worker](std::set<Task*, ByPriority>& q) { return take_first_runnable(q, ctx, worker); });
  }

 private:
  WorkerQueues<std::set<Task*, ByPriority>> queues_;
  std::atomic<uint64_t> next_sequence_{0};
};

}  // namespace

std::unique_ptr<Scheduler> make_prio_scheduler(SchedulerContext& ctx) {
  return std::make_unique<PrioScheduler>(ctx);
}

}  // namespace hcc::rt
