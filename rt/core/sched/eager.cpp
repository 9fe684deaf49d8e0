// eager: first come, first served. Each worker takes the oldest task of its
// own queue and, when it has none, the oldest of another worker's: tasks run
// roughly in the order they became ready, as with one central FIFO queue,
// without every worker contending for that queue.
#include "worker_queues.hpp"

namespace hcc::rt {
namespace {

class EagerScheduler final : public Scheduler {
 public:
  explicit EagerScheduler(SchedulerContext& ctx) : queues_(ctx) {}

  int push(Task* t) override {
    const int w = queues_.target(*t, /*spread=*/true);
    queues_.push(w, [t](RingQueue& q) { q.push_back(t); });
    return w;
  }

  bool runs_next_push(int worker) const override { return queues_.empty(worker); }
  size_t queued(int worker) const override { return queues_.size(worker); }

  Task* pop(int worker, bool last_look) override {
    SchedulerContext& ctx = queues_.context();
    auto oldest = [&ctx, worker](RingQueue& q) { return take_oldest_runnable(q, ctx, worker); };
    return queues_.pop(worker, last_look, oldest, oldest);
  }

  Task* pop_guest(int worker) override {
    SchedulerContext& ctx = queues_.context();
    return queues_.pop_guest([&ctx, worker](RingQueue& q) { return take_oldest_runnable(q, ctx, worker); });
  }

  Task* pop_own(int worker) override {
    SchedulerContext& ctx = queues_.context();
    return queues_.pop_own(worker, [&ctx, worker](RingQueue& q) { return take_oldest_runnable(q, ctx, worker); });
  }

 private:
  WorkerQueues<RingQueue> queues_;
};

}  // namespace

std::unique_ptr<Scheduler> make_eager_scheduler(SchedulerContext& ctx) {
  return std::make_unique<EagerScheduler>(ctx);
}

}  // namespace hcc::rt
