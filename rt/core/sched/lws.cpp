// lws: locality work stealing. A task made ready by a worker goes to that
// worker's queue; a worker pops its newest task (its data is likely warm) and,
// when empty, steals the oldest task of the next workers in turn.
#include "worker_queues.hpp"

namespace hcc::rt {
namespace {

// Removes and returns the newest task of the queue that the worker can take;
// nullptr if none.
Task* take_newest_runnable(RingQueue& q, const SchedulerContext& ctx, int worker) {
  for (size_t i = q.size(); i-- > 0;)
    if (ctx.can_take(*q.at(i), worker)) return i + 1 == q.size() ? q.pop_back() : q.take(i);
  return nullptr;
}

class LwsScheduler final : public Scheduler {
 public:
  explicit LwsScheduler(SchedulerContext& ctx) : queues_(ctx) {}

  int push(Task* t) override {
    const int w = queues_.target(*t, /*spread=*/false);
    queues_.push(w, [t](RingQueue& q) { q.push_back(t); });
    return w;
  }

  bool runs_next_push(int worker) const override { return queues_.empty(worker); }
  size_t queued(int worker) const override { return queues_.size(worker); }

  Task* pop(int worker, bool last_look) override {
    SchedulerContext& ctx = queues_.context();
    auto newest = [&ctx, worker](RingQueue& q) { return take_newest_runnable(q, ctx, worker); };
    auto oldest = [&ctx, worker](RingQueue& q) { return take_oldest_runnable(q, ctx, worker); };
    return queues_.pop(worker, last_look, newest, oldest);
  }

  Task* pop_guest(int worker) override {
    SchedulerContext& ctx = queues_.context();
    return queues_.pop_guest([&ctx, worker](RingQueue& q) { return take_oldest_runnable(q, ctx, worker); });
  }

  Task* pop_own(int worker) override {
    SchedulerContext& ctx = queues_.context();
    return queues_.pop_own(worker, [&ctx, worker](RingQueue& q) { return take_newest_runnable(q, ctx, worker); });
  }

 private:
  WorkerQueues<RingQueue> queues_;
};

}  // namespace

std::unique_ptr<Scheduler> make_lws_scheduler(SchedulerContext& ctx) {
  return std::make_unique<LwsScheduler>(ctx);
}

}  // namespace hcc::rt
