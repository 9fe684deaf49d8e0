// Dependencies among the children of one task: OpenMP orders sibling tasks
// only, by the address of each depend item (rt/omp). Each task keeps the
// handles of its children's items (Task::children_deps), dropped when the
// task is recycled, which is after all its children completed. Only the
// thread running a task submits its children, so a task's scope needs no
// lock; the application's scope is kept under the control lock.
#include "runtime.hpp"

namespace hcc::rt {

// The scope of the caller's children; the application's when the caller
// runs no task (the control lock must then be held).
DependencyScope& Runtime::caller_scope(int self) {
  Task* parent = self >= 0 ? workers_[self].current.load(std::memory_order_relaxed) : nullptr;
  if (!parent) return app_deps_;
  if (!parent->children_deps) parent->children_deps = std::make_unique<DependencyScope>();
  return *parent->children_deps;
}

Runtime::SiblingScope::SiblingScope(Runtime& rt, int self)
    : rt_(rt), scope_(rt.caller_scope(self)), locked_(&scope_ == &rt.app_deps_) {
  if (locked_) rt_.backend_->lock();
}

Runtime::SiblingScope::~SiblingScope() {
  if (locked_) rt_.backend_->unlock();
}

Handle* Runtime::SiblingScope::handle(void* addr, uint64_t size) {
  Handle*& h = scope_[addr];
  if (!h) {
    h = rt_.new_handle(addr, size);
    h->sibling_scoped = true;
    // The application's scope may have several submitting threads.
    h->one_submitter = !locked_ && rt_.single_node_;
  }
  return h;
}

Handle* Runtime::SiblingScope::find(const void* addr) const { return scope_.find(addr); }

void Runtime::wait_siblings(const void* addr) {
  Handle* h = SiblingScope(*this, backend_->self_worker()).find(addr);
  if (h) wait_handle(h);
}

// Once no task of the scope is in flight. A handle with copies on other
// memory nodes is kept until shutdown, which frees them.
void Runtime::drop_scope(DependencyScope& scope) {
  scope.for_each([this](const void*, Handle* h) {
    bool elsewhere = h->written_elsewhere;  // listed for write_back_idle_data
    for (size_t n = 1; n < h->replicas.size(); ++n) elsewhere |= h->replicas[n].allocated;
    if (elsewhere) {
      SpinGuard guard(pool_lock_);
      retired_handles_.push_back(h);
    } else {
      delete h;
    }
  });
  scope.clear();
}

}  // namespace hcc::rt
