// dmda: deque model data aware (seed 000 §8.4). Each ready task goes to the
// worker where it is expected to finish first, counting the work already
// queued there, the time to bring its inputs to the worker's memory node and
// its kernel model on the worker's architecture. Per-worker queues are kept
// in priority order.
//
// dmdas: the same placement, but a worker picks, among the first tasks of its
// queue, the one with the most input bytes already on its node, so that
// transfers overlap with work instead of stalling it.
//
// A placement reads every worker's expected load, so one lock guards the
// queues and the load together; it is held for one placement or one pop.
#include <algorithm>
#include <limits>
#include <set>
#include <vector>

#include "schedulers.hpp"
#include "spin_lock.hpp"

namespace hcc::rt {
namespace {

// Used for a kernel that has no model yet, so that unknown work still spreads
// over workers instead of piling onto the first one.
constexpr double kUnknownDuration = 1e-3;
// How far down its queue a dmdas worker looks for a task whose data is local.
constexpr int kDmdasLookahead = 8;

class DmdaScheduler final : public Scheduler {
 public:
  DmdaScheduler(SchedulerContext& ctx, bool prefer_local_data)
      : ctx_(ctx),
        prefer_local_(prefer_local_data),
        queues_(ctx.machine().workers.size()),
        queued_(ctx.machine().workers.size(), 0.0),
        running_end_(ctx.machine().workers.size(), 0.0) {}

  int push(Task* t) override {
    SpinGuard g(lock_);
    const auto& workers = ctx_.machine().workers;
    const double now = ctx_.now();
    int best = -1;
    double best_end = std::numeric_limits<double>::infinity();
    double best_len = 0;
    for (int w = 0; w < static_cast<int>(workers.size()); ++w) {
      if (!ctx_.can_run(*t, w)) continue;
      double len = ctx_.expected_duration(*t, workers[w].arch).value_or(kUnknownDuration);
      double start = std::max(now, running_end_[w]) + queued_[w];
      double end = start + ctx_.expected_transfer(*t, workers[w].node) + len;
      if (end < best_end) {
        best_end = end;
        best = w;
        best_len = len;
      }
    }
    t->expected = best_len;
    t->sequence = next_sequence_++;
    queued_[best] += best_len;
    queues_[best].insert(t);
    return best;
  }

  Task* pop(int worker, bool /*last_look*/) override {
    SpinGuard g(lock_);
    auto& q = queues_[worker];
    if (q.empty()) return nullptr;
    auto pick = q.begin();
    if (prefer_local_) {
      const int node = ctx_.machine().workers[worker].node;
      uint64_t best_local = ctx_.bytes_on_node(**pick, node);
      int looked = 1;
      for (auto it = std::next(q.begin()); it != q.end() && looked < kDmdasLookahead;
           ++it, ++looked) {
        uint64_t local = ctx_.bytes_on_node(**it, node);
        if (local > best_local) {
          best_local = local;
          pick = it;
        }
      }
    }
    Task* t = *pick;
    q.erase(pick);
    queued_[worker] = std::max(0.0, queued_[worker] - t->expected);
    running_end_[worker] = ctx_.now() + t->expected;
    return t;
  }

  Task* peek(int worker) override {
    SpinGuard g(lock_);
    return queues_[worker].empty() ? nullptr : *queues_[worker].begin();
  }

  bool shares_tasks() const override { return false; }

  void finished(Task*, int worker) override {
    SpinGuard g(lock_);
    running_end_[worker] = 0;
  }

 private:
  SpinLock lock_;
  SchedulerContext& ctx_;
  const bool prefer_local_;
  std::vector<std::set<Task*, ByPriority>> queues_;
  std::vector<double> queued_;       // expected seconds of queued work
  std::vector<double> running_end_;  // expected end of the running task
  uint64_t next_sequence_ = 0;
};

}  // namespace

std::unique_ptr<Scheduler> make_dmda_scheduler(SchedulerContext& ctx) {
  return std::make_unique<DmdaScheduler>(ctx, false);
}
std::unique_ptr<Scheduler> make_dmdas_scheduler(SchedulerContext& ctx) {
  return std::make_unique<DmdaScheduler>(ctx, true);
}

}  // namespace hcc::rt
