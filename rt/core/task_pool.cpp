// Task memory. Tasks come from slabs and are recycled with the capacity of
// their lists, so that a steady stream of tasks allocates nothing. Each
// thread keeps its own cache of free tasks: a submitter takes from its own,
// a thread that drops the last reference to a task returns it to its own,
// and only batches move through the shared free list. The memory of the
// largest number of tasks alive at once is kept until the runtime ends.
//
// Submitting threads also count their tasks in flight through credits
// (count_submission), kept with their cache.
#include <cstdlib>
#include <unordered_map>
#include <utility>

#include "prefetch.hpp"
#include "runtime.hpp"

namespace hcc::rt {
namespace {

constexpr size_t kTaskSlab = 256;  // tasks allocated at a time
constexpr size_t kTaskBatch = 32;  // tasks moved between a cache and the shared list at a time
constexpr int kInflightCredit = 64;  // tasks a submitting thread counts in flight at a time
constexpr int kChildCredit = 32;     // children the thread running a task counts at a time (count_child)

// What an application thread keeps for itself, per runtime: in a simulation
// with ranks, the main actors of every rank share the one thread and each
// submits to its own rank's runtime.
struct AppThread {
  uint64_t runtime = 0;
  std::vector<Task*> tasks;
  int inflight_credit = 0;
};

// Trivially destructible: still usable after the thread's thread_local
// destructors ran (the main thread's run before the atexit handler that
// shuts the runtime down).
thread_local AppThread* t_last = nullptr;
thread_local bool t_exited = false;

struct AppThreads {
  std::unordered_map<uint64_t, AppThread> by_runtime;  // an entry outlives its runtime: ids are never reused
  ~AppThreads() {
    t_last = nullptr;
    t_exited = true;
  }
};

AppThread& app_thread(uint64_t runtime) {
  if (t_last && t_last->runtime == runtime) return *t_last;
  if (t_exited) {
    static AppThread* const late = new AppThread;  // kept to the end of the process
    if (late->runtime != runtime) *late = AppThread{runtime, {}, 0};
    return *late;
  }
  thread_local AppThreads threads;
  t_last = &threads.by_runtime[runtime];
  t_last->runtime = runtime;
  return *t_last;
}

}  // namespace

// Worker self's cache, or (self < 0) the calling application thread's.
std::vector<Task*>& Runtime::task_cache_of(int self) {
  return self >= 0 ? workers_[self].task_cache : app_thread(id_).tasks;
}

int& Runtime::credit_of(int self) {
  return self >= 0 ? workers_[self].inflight_credit : app_thread(id_).inflight_credit;
}

// Counts one more task in flight. inflight_ is the one counter that every
// submission and completion changes: a submitting thread adds to it
// kInflightCredit tasks at a time and spends the credit locally, so that
// it does not fight the completing workers for the counter's cache line at
// every task. A credit makes inflight_ larger than the tasks in flight,
// never smaller, until it is returned (before the thread waits or parks).
void Runtime::count_submission(int self) {
  int& credit = credit_of(self);
  if (credit == 0) {
    inflight_.fetch_add(kInflightCredit);
    credit = kInflightCredit;
  }
  --credit;
}

// Counts one task out of flight, on the completing thread. A worker keeps it
// as credit, as a submitter does (the next task it submits spends it), and
// returns its credit once it holds more than it will spend, or when a thread
// waits for a count that returning it could reach; it also returns it before
// it looks for work in vain (idle_wait) or waits. Returns whether the count
// reached a value that a wait may be blocked on.
bool Runtime::count_completion(int self) {
  if (self >= 0 && config_.max_submitted <= 0) {
    int& credit = credit_of(self);
    ++credit;
    if (credit < 2 * kInflightCredit &&
        (blocked_count_.load() == 0 || inflight_.load(std::memory_order_relaxed) - credit > 0))
      return false;
    return return_credit(self);
  }
  const int left = inflight_.fetch_sub(1) - 1;
  return left == 0 || left == resume_submitting_;
}

// Returns whether the in-flight count reached a value that a wait may be
// blocked on: the caller then wakes the waiters (counter_reached_zero, or
// notify_blocked when it holds the control lock).
bool Runtime::return_credit(int self) {
  int& credit = credit_of(self);
  if (credit == 0) return false;
  const int left = inflight_.fetch_sub(credit) - credit;
  credit = 0;
  return left == 0 || left == resume_submitting_;
}

// Counts a child of parent in flight, on the thread running parent (the
// only one that submits its children). That thread counts them kChildCredit
// at a time, as a submitter counts its tasks in flight: pending_children then
// neither takes a read-modify-write per child on the line that completing
// children change, nor reaches zero, with a lock and a look at the blocked
// threads, each time the workers catch up with an OpenMP task-creating loop.
// A parent is held while it has children in flight: one reference for all of
// them, taken when the count leaves zero and dropped when it comes back.
void Runtime::count_child(Task* parent) {
  if (parent->child_credit == 0) {
    if (parent->pending_children.fetch_add(kChildCredit) == 0) parent->refs.fetch_add(1, std::memory_order_relaxed);
    parent->child_credit = kChildCredit;
  }
  --parent->child_credit;
}

// Gives back what the thread running t counted ahead for its children: before
// that thread waits (a wait may be for them) and when t's body ends. Returns
// whether the count reached zero: the caller then wakes the waiters.
bool Runtime::return_child_credit(Task* t) {
  const int credit = t->child_credit;
  if (credit == 0) return false;
  t->child_credit = 0;
  if (t->pending_children.fetch_sub(credit) != credit) return false;
  release(t);  // the children's reference; t's thread holds another
  return true;
}

// Before a thread waits: what it counted ahead of its tasks in flight and of
// its running task's children (if any) goes back, since the wait may be for
// either count. Whether a count reached a value waited for: the caller then
// wakes the waiters.
bool Runtime::return_credits_to_wait(int self, Task* running) {
  const bool credit_returned = return_credit(self);
  return (running && return_child_credit(running)) || credit_returned;
}

// Counts t in its region, on the thread running its parent. A parent in
// that region counts its children there kChildCredit at a time, as in
// pending_children: otherwise every task of a region deep in a task tree
// changes the region's line at its submission, on the creating thread, and
// at its completion, on the thief that ran it (two thirds of the creating
// thread's time in enqueue, bench/deep_tasks.py's tree). The parent holds
// the credit until its body ends (return_region_credit): no barrier passes
// before, since the parent itself, or its own parent's count of children
// (an implicit task's), holds the barrier.
void Runtime::count_in_region(Task& t, Task* parent) {
  if (!parent || parent->region != t.region) {
    t.region->pending.fetch_add(1);
    return;
  }
  if (parent->region_credit == 0) {
    t.region->pending.fetch_add(kChildCredit);
    parent->region_credit = kChildCredit;
  }
  --parent->region_credit;
}

// Gives back the region credit of a task whose body ended; whether the
// region's count reached zero (the caller then wakes the waiters).
bool Runtime::return_region_credit(Task& t) {
  const int credit = std::exchange(t.region_credit, 0);
  return credit > 0 && count_out(*t.region, credit);
}

Task* Runtime::new_task(int self, bool with_block) {
  Task* t = take_task(self, with_block);
  t->reset();
  return t;
}

Task* Runtime::take_task(int self, bool with_block) {
  std::vector<Task*>& cache = task_cache_of(self);
  if (cache.empty()) {
    SpinGuard guard(pool_lock_);
    if (free_tasks_.size() < kTaskBatch) {
      task_slabs_.push_back(std::make_unique<Task[]>(kTaskSlab));
      for (size_t i = kTaskSlab; i-- > 0;) free_tasks_.push_back(&task_slabs_.back()[i]);
    }
    cache.assign(free_tasks_.end() - kTaskBatch, free_tasks_.end());
    free_tasks_.resize(free_tasks_.size() - kTaskBatch);
  }
  Task* t = cache.back();
  cache.pop_back();
  // The lines every submission writes: TaskSync's and TaskState's, and the
  // block's first two when the caller builds one (the next caller likely does too).
  if (!cache.empty()) {
    prefetch_lines_for_write(cache.back(), sizeof(TaskSync) + sizeof(TaskState));
    if (with_block) prefetch_lines_for_write(cache.back()->inline_arg, 2 * kCacheLine);
  }
  return t;
}

void Runtime::release(Task* t) {
  if (t->refs.fetch_sub(1, std::memory_order_acq_rel) != 1) return;
  if (t->owns_arg) {
    std::free(t->arg);
    t->owns_arg = false;
  }
  // Its children have completed (they held a reference): their
  // dependencies order nothing any more.
  if (t->children_deps) drop_scope(*t->children_deps);
  std::vector<Task*>& cache = task_cache_of(backend_->self_worker());
  cache.push_back(t);
  // Workers free the tasks that the application thread allocates: the
  // surplus goes back to the shared list.
  if (cache.size() >= 2 * kTaskBatch) {
    SpinGuard guard(pool_lock_);
    free_tasks_.insert(free_tasks_.end(), cache.end() - kTaskBatch, cache.end());
    cache.resize(cache.size() - kTaskBatch);
  }
}

}  // namespace hcc::rt
