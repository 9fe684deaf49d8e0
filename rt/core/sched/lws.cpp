// lws: locality work stealing. A task made ready by a worker goes to that
// worker's queue; a worker pops its newest task (its data is likely warm) and,
// when empty, steals the oldest task of the next workers in turn.
#include <deque>

#include "worker_queues.hpp"

namespace hcc::rt {
namespace {

class LwsScheduler final : public Scheduler {
 public:
  explicit LwsScheduler(SchedulerContext& ctx) : queues_(ctx) {}

  int push(Task* t) override {
    const int w = queues_.target(*t);
    queues_.push(w, [t](std::deque<Task*>& q) { q.push_back(t); });
    return w;
  }

  Task* pop(int worker) override {
    SchedulerContext& ctx = queues_.context();
    auto newest = [&ctx, worker](std::deque<Task*>& q) -> Task* {
      for (auto it = q.rbegin(); it != q.rend(); ++it) {
        if (ctx.can_take(**it, worker)) {
          Task* t = *it;
          q.erase(std::next(it).base());
          return t;
        }
      }
      return nullptr;
    };
    auto oldest = [&ctx, worker](std::deque<Task*>& q) { return take_first_runnable(q, ctx, worker); };
    return queues_.pop(worker, newest, oldest);
  }

 private:
  WorkerQueues<std::deque<Task*>> queues_;
};

}  // namespace

std::unique_ptr<Scheduler> make_lws_scheduler(SchedulerContext& ctx) {
  return std::make_unique<LwsScheduler>(ctx);
}

}  // namespace hcc::rt
