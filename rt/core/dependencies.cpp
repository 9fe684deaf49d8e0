// Dependency inference for the sequential task flow: RAW, WAR, WAW, and sets
// of accesses that do not order each other (reads, inoutset, mutexinoutset).
//
// Each handle keeps its current segment of accesses under its own lock: a
// submitter locks the handles of one task, never the whole runtime, and a
// completing worker locks them only to drop finished tasks. A predecessor's
// successor list is guarded by the predecessor's lock, which complete() also
// takes to mark it done, so a successor is either added before the
// predecessor completes (and released by it) or not added at all.
#include <algorithm>

#include "runtime.hpp"

namespace hcc::rt {

void Runtime::add_dependencies(Task* t) {
  // The task's handles are locked together, in address order: two threads
  // submitting tasks on the same handles then order them the same way on
  // every handle (no cycle), and never wait for each other in a circle.
  SmallVector<Handle*, 8> handles;
  for (const Access* a = t->dependencies_begin(); a != t->dependencies_end(); ++a) handles.push_back(a->handle);
  std::sort(handles.begin(), handles.end());
  for (Handle* h : handles) h->lock.lock();
  SmallVector<Task*, 8> dropped;  // references released once the handles are unlocked
  for (const Access* a = t->dependencies_begin(); a != t->dependencies_end(); ++a) {
    Handle* h = a->handle;
    h->inflight.fetch_add(1);
    const AccessKind kind = access_kind(a->mode);
    if (!h->segment.empty() && kind == h->segment_kind && kind != AccessKind::Write) {
      // Joins the current set: same predecessors, no order among members.
      for (Task* p : h->segment_preds) depend_on(t, p);
    } else {
      // Starts a new segment ordered after every member of the current one.
      for (Task* p : h->segment) depend_on(t, p);
      for (Task* p : h->segment_preds) dropped.push_back(p);
      h->segment_preds.clear();
      // Finished tasks order nothing any more: only unfinished ones are kept
      // as the predecessors of the new segment.
      for (Task* p : h->segment) {
        if (p->done.load(std::memory_order_acquire)) dropped.push_back(p);
        else h->segment_preds.push_back(p);
      }
      h->segment.clear();
      h->segment_kind = kind;
    }
    h->segment.push_back(t);
    h->members.store(static_cast<uint32_t>(h->segment.size() + h->segment_preds.size()), std::memory_order_relaxed);
    t->refs.fetch_add(1, std::memory_order_relaxed);
  }
  for (Handle* h : handles) h->lock.unlock();
  for (Task* p : dropped) release(p);
}

void Runtime::depend_on(Task* t, Task* pred) {
  if (pred == t) return;
  SpinGuard guard(pred->lock);
  if (pred->done.load(std::memory_order_relaxed)) return;
  pred->successors.push_back(t);
  t->pending_deps.fetch_add(1, std::memory_order_relaxed);
}

// With h's lock held: moves the finished tasks out of h's segments, for the
// caller to release once the lock is dropped.
void Runtime::drop_finished(Handle* h, SmallVector<Task*, 8>& dropped) {
  for (auto* members : {&h->segment, &h->segment_preds}) {
    size_t kept = 0;
    for (Task* m : *members) {
      if (m->done.load(std::memory_order_acquire)) dropped.push_back(m);
      else (*members)[kept++] = m;
    }
    members->truncate(kept);
  }
  h->members.store(static_cast<uint32_t>(h->segment.size() + h->segment_preds.size()), std::memory_order_relaxed);
  h->finished_members.store(0, std::memory_order_relaxed);
}

}  // namespace hcc::rt
