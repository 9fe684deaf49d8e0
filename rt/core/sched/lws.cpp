// lws: locality work stealing. A task made ready by a worker goes to that
// worker's deque; a worker pops its newest task (its data is likely warm) and,
// when empty, steals the oldest task of the next workers in turn.
#include <deque>
#include <vector>

#include "schedulers.hpp"

namespace hcc::rt {
namespace {

class LwsScheduler final : public Scheduler {
 public:
  explicit LwsScheduler(SchedulerContext& ctx)
      : ctx_(ctx), queues_(ctx.machine().workers.size()) {}

  int push(Task* t) override {
    // Tasks submitted by the application (not by a worker finishing a task)
    // are dealt round-robin so that every worker starts with work.
    int w = t->ready_by;
    if (w < 0 || !ctx_.can_run(*t, w)) w = next_eligible(*t);
    queues_[w].push_back(t);
    return w;
  }

  Task* pop(int worker) override {
    auto& own = queues_[worker];
    for (auto it = own.rbegin(); it != own.rend(); ++it) {
      if (ctx_.can_take(**it, worker)) {
        Task* t = *it;
        own.erase(std::next(it).base());
        return t;
      }
    }
    const int n = static_cast<int>(queues_.size());
    for (int k = 1; k < n; ++k)
      if (Task* t = take_first_runnable(queues_[(worker + k) % n], ctx_, worker)) return t;
    return nullptr;
  }

 private:
  int next_eligible(const Task& t) {
    const int n = static_cast<int>(queues_.size());
    for (int k = 0; k < n; ++k) {
      int w = (round_robin_ + k) % n;
      if (ctx_.can_run(t, w)) {
        round_robin_ = (w + 1) % n;
        return w;
      }
    }
    return 0;  // unreachable: the runtime rejects tasks no worker can run
  }

  SchedulerContext& ctx_;
  std::vector<std::deque<Task*>> queues_;
  int round_robin_ = 0;
};

}  // namespace

std::unique_ptr<Scheduler> make_lws_scheduler(SchedulerContext& ctx) {
  return std::make_unique<LwsScheduler>(ctx);
}

}  // namespace hcc::rt
