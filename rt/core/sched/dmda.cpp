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
// Each worker's queue has its own lock, held to insert or take one task;
// a placement reads every worker's expected load without taking any, as
// atomics that the queue's lock orders the writers of: workers taking from
// their own queues never wait for each other or for a placement (one lock
// for every queue and load was taken twice per task by every worker).
// Natively a placement may read a load that changes under it, which only
// moves an estimate; in simulation actors do not interleave there, and
// placements are the same as with one lock.
#include <algorithm>
#include <atomic>
#include <limits>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "schedulers.hpp"
#include "small_vector.hpp"
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
        n_(static_cast<int>(ctx.machine().workers.size())),
        queues_(std::make_unique<WorkerQueue[]>(n_)) {
    for (const WorkerDesc& w : ctx.machine().workers) {
      auto known = std::find(archs_.begin(), archs_.end(), w.arch);
      arch_of_.push_back(static_cast<int>(known - archs_.begin()));
      if (known == archs_.end()) archs_.push_back(w.arch);
    }
  }

  int push(Task* t) override {
    const auto& workers = ctx_.machine().workers;
    const double now = ctx_.now();
    // A task's expected duration depends on the worker's architecture and
    // its transfers on the worker's memory node, not on the worker: each is
    // asked for once per placement (once per worker, a placement on 16
    // workers cost 1.4 us here against 0.4 on 2).
    constexpr double kNotAsked = -1;
    SmallVector<double, 4> len_of_arch, transfer_to_node;
    for (size_t a = 0; a < archs_.size(); ++a) len_of_arch.push_back(kNotAsked);
    for (size_t m = 0; m < ctx_.machine().nodes.size(); ++m) transfer_to_node.push_back(kNotAsked);
    int best = -1;
    double best_end = std::numeric_limits<double>::infinity();
    double best_len = 0;
    for (int w = 0; w < n_; ++w) {
      if (!ctx_.can_run(*t, w)) continue;
      const WorkerQueue& q = queues_[w];
      double& len = len_of_arch[arch_of_[w]];
      if (len == kNotAsked) len = ctx_.expected_duration(*t, workers[w].arch).value_or(kUnknownDuration);
      double& transfer = transfer_to_node[workers[w].node];
      if (transfer == kNotAsked) transfer = ctx_.expected_transfer(*t, workers[w].node);
      double start = std::max(now, q.running_end.load(std::memory_order_relaxed)) +
                     q.queued.load(std::memory_order_relaxed);
      double end = start + transfer + len;
      if (end < best_end) {
        best_end = end;
        best = w;
        best_len = len;
      }
    }
    WorkerQueue& q = queues_[best];
    t->expected = best_len;
    SpinGuard g(q.lock);
    t->sequence = q.next_sequence++;
    q.queued.store(q.queued.load(std::memory_order_relaxed) + best_len, std::memory_order_relaxed);
    q.tasks.insert(t);
    return best;
  }

  Task* pop(int worker, bool /*last_look*/) override {
    WorkerQueue& q = queues_[worker];
    SpinGuard g(q.lock);
    if (q.tasks.empty()) return nullptr;
    auto pick = q.tasks.begin();
    if (prefer_local_) {
      const int node = ctx_.machine().workers[worker].node;
      uint64_t best_local = ctx_.bytes_on_node(**pick, node);
      int looked = 1;
      for (auto it = std::next(q.tasks.begin()); it != q.tasks.end() && looked < kDmdasLookahead;
           ++it, ++looked) {
        uint64_t local = ctx_.bytes_on_node(**it, node);
        if (local > best_local) {
          best_local = local;
          pick = it;
        }
      }
    }
    Task* t = *pick;
    q.tasks.erase(pick);
    q.queued.store(std::max(0.0, q.queued.load(std::memory_order_relaxed) - t->expected), std::memory_order_relaxed);
    q.running_end.store(ctx_.now() + t->expected, std::memory_order_relaxed);
    return t;
  }

  Task* peek(int worker) override {
    WorkerQueue& q = queues_[worker];
    SpinGuard g(q.lock);
    return q.tasks.empty() ? nullptr : *q.tasks.begin();
  }

  bool shares_tasks() const override { return false; }

  void finished(Task*, int worker) override {
    queues_[worker].running_end.store(0, std::memory_order_relaxed);
  }

 private:
  // One worker's queue, in priority order, and its expected load, on lines
  // of their own.
  struct alignas(64) WorkerQueue {
    SpinLock lock;  // guards tasks and next_sequence, and orders the writers of queued
    std::set<Task*, ByPriority> tasks;
    uint64_t next_sequence = 0;  // FIFO among equal priorities
    std::atomic<double> queued{0};       // expected seconds of queued work
    std::atomic<double> running_end{0};  // expected end of the running task
  };

  SchedulerContext& ctx_;
  const bool prefer_local_;
  const int n_;
  std::unique_ptr<WorkerQueue[]> queues_;
  std::vector<std::string> archs_;  // the workers' architectures, each once
  std::vector<int> arch_of_;        // by worker: its index in archs_
};

}  // namespace

std::unique_ptr<Scheduler> make_dmda_scheduler(SchedulerContext& ctx) {
  return std::make_unique<DmdaScheduler>(ctx, false);
}
std::unique_ptr<Scheduler> make_dmdas_scheduler(SchedulerContext& ctx) {
  return std::make_unique<DmdaScheduler>(ctx, true);
}

}  // namespace hcc::rt
