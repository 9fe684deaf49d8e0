// eager: one central FIFO queue shared by all workers.
#include <deque>

#include "schedulers.hpp"

namespace hcc::rt {
namespace {

class EagerScheduler final : public Scheduler {
 public:
  explicit EagerScheduler(SchedulerContext& ctx) : ctx_(ctx) {}

  int push(Task* t) override {
    queue_.push_back(t);
    return -1;
  }

  Task* pop(int worker) override {
    if (!queue_.empty() && ctx_.can_take(*queue_.front(), worker)) {
      Task* t = queue_.front();
      queue_.pop_front();
      return t;
    }
    return take_first_runnable(queue_, ctx_, worker);
  }

 private:
  SchedulerContext& ctx_;
  std::deque<Task*> queue_;
};

}  // namespace

std::unique_ptr<Scheduler> make_eager_scheduler(SchedulerContext& ctx) {
  return std::make_unique<EagerScheduler>(ctx);
}

}  // namespace hcc::rt
