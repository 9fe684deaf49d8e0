// One factory per scheduler; scheduler.cpp maps HCC_SCHED names to them.
#pragma once

#include "../scheduler.hpp"

namespace hcc::rt {

// Higher priority first, then submission order (sequence numbers).
struct ByPriority {
  bool operator()(const Task* a, const Task* b) const {
    if (a->priority != b->priority) return a->priority > b->priority;
    return a->sequence < b->sequence;
  }
};

// Removes and returns the first task of the queue, in its order, that the
// worker can run; nullptr if none.
template <typename Queue>
Task* take_first_runnable(Queue& queue, const SchedulerContext& ctx, int worker) {
  for (auto it = queue.begin(); it != queue.end(); ++it) {
    if (ctx.can_take(**it, worker)) {
      Task* t = *it;
      queue.erase(it);
      return t;
    }
  }
  return nullptr;
}

std::unique_ptr<Scheduler> make_eager_scheduler(SchedulerContext& ctx);
std::unique_ptr<Scheduler> make_prio_scheduler(SchedulerContext& ctx);
std::unique_ptr<Scheduler> make_lws_scheduler(SchedulerContext& ctx);
std::unique_ptr<Scheduler> make_dmda_scheduler(SchedulerContext& ctx);
std::unique_ptr<Scheduler> make_dmdas_scheduler(SchedulerContext& ctx);
}  // namespace hcc::rt
