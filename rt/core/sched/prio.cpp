// prio: one central queue ordered by priority (higher first), FIFO among
// equal priorities.
#include <set>

#include "schedulers.hpp"

namespace hcc::rt {
namespace {

class PrioScheduler final : public Scheduler {
 public:
  explicit PrioScheduler(SchedulerContext& ctx) : ctx_(ctx) {}

  int push(Task* t) override {
    t->sequence = next_sequence_++;
    queue_.insert(t);
    return -1;
  }

  Task* pop(int worker) override { return take_first_runnable(queue_, ctx_, worker); }

 private:
  SchedulerContext& ctx_;
  std::set<Task*, ByPriority> queue_;
  uint64_t next_sequence_ = 0;
};

}  // namespace

std::unique_ptr<Scheduler> make_prio_scheduler(SchedulerContext& ctx) {
  return std::make_unique<PrioScheduler>(ctx);
}

}  // namespace hcc::rt
