// Dependencies among the children of one task: OpenMP orders sibling tasks
// only, by the address of each depend item (rt/omp). Each task keeps the
// handles of its children's items (Task::children_deps), dropped when the
// task is recycled, which is after all its children completed.
#include "locked.hpp"
#include "runtime.hpp"

namespace hcc::rt {

DependencyScope& Runtime::caller_scope() {
  const int w = backend_->self_worker();
  Task* parent = w >= 0 ? workers_[w].current : nullptr;
  if (!parent) return app_deps_;
  if (!parent->children_deps) parent->children_deps = std::make_unique<DependencyScope>();
  return *parent->children_deps;
}

Handle* Runtime::sibling_handle(void* addr, uint64_t size) {
  Locked lock(*backend_);
  Handle*& h = caller_scope()[addr];
  if (!h) h = new_handle(addr, size);
  return h;
}

void Runtime::wait_siblings(const void* addr) {
  Locked lock(*backend_);
  DependencyScope& scope = caller_scope();
  auto it = scope.find(addr);
  if (it == scope.end()) return;
  Handle* h = it->second;
  block_until([h] { return h->inflight == 0; }, true);
}

// Called with the lock held, once no task of the scope is in flight. A
// handle with copies on other memory nodes is kept until shutdown, which
// frees them off the lock.
void Runtime::drop_scope(DependencyScope& scope) {
  for (auto& [addr, h] : scope) {
    for (Task* t : h->segment) release(t);
    for (Task* t : h->segment_preds) release(t);
    h->segment.clear();
    h->segment_preds.clear();
    bool elsewhere = false;
    for (size_t n = 1; n < h->replicas.size(); ++n) elsewhere |= h->replicas[n].allocated;
    if (elsewhere) retired_handles_.push_back(h);
    else delete h;
  }
  scope.clear();
}

}  // namespace hcc::rt
