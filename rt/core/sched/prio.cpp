// prio: one central queue ordered by priority (higher first), FIFO among
// equal priorities.
#include <set>

#include "schedulers.hpp"

namespace hcc::rt {
namespace {

struct ByPriority {
  bool operator()(const Task* a, const Task* b) const {
    if (a->priority != b->priority) return a->priority > b->priority;
    return a->sequence < b->sequence;
  }
};

class PrioScheduler final : public Scheduler {
 public:
  explicit PrioScheduler(SchedulerContext& ctx) : ctx_(ctx) {}

  int push(Task* t) override {
    t->sequence = next_sequence_++;
    queue_.insert(t);
    return -1;
  }

  Task* pop(int worker) override {
    for (auto it = queue_.begin(); it != queue_.end(); ++it) {
      if (ctx_.can_run(**it, worker)) {
        Task* t = *it;
        queue_.erase(it);
        return t;
      }
    }
    return nullptr;
  }

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
