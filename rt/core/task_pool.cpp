// Task memory. Tasks come from slabs and are recycled with the capacity of
// their lists, so that a steady stream of tasks allocates nothing. Each
// thread keeps its own cache of free tasks: a submitter takes from its own,
// a thread that drops the last reference to a task returns it to its own,
// and only batches move through the shared free list. The memory of the
// largest number of tasks alive at once is kept until the runtime ends.
#include <cstdlib>

#include "runtime.hpp"

namespace hcc::rt {
namespace {

constexpr size_t kTaskSlab = 256;  // tasks allocated at a time
constexpr size_t kTaskBatch = 32;  // tasks moved between a cache and the shared list at a time

}  // namespace

// The calling worker's cache, or the calling application thread's. An
// application thread's cache left from an earlier runtime is dropped with
// that runtime's slabs.
std::vector<Task*>& Runtime::task_cache_of_caller() {
  const int self = backend_->self_worker();
  if (self >= 0) return workers_[self].task_cache;
  struct ThreadCache {
    uint64_t runtime = 0;
    std::vector<Task*> tasks;
  };
  thread_local ThreadCache app;
  if (app.runtime != id_) {
    app.tasks.clear();
    app.runtime = id_;
  }
  return app.tasks;
}

Task* Runtime::new_task(int self) {
  std::vector<Task*>& cache = self >= 0 ? workers_[self].task_cache : task_cache_of_caller();
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
  return t;
}

void Runtime::release(Task* t) {
  if (t->refs.fetch_sub(1, std::memory_order_acq_rel) != 1) return;
  if (t->owns_arg) std::free(t->arg);
  // Its children have completed (each held a reference): their
  // dependencies order nothing any more.
  if (t->children_deps) drop_scope(*t->children_deps);
  t->reset();
  std::vector<Task*>& cache = task_cache_of_caller();
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
