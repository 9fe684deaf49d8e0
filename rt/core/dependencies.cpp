// Dependency inference for the sequential task flow: RAW, WAR, WAW, and sets
// of accesses that do not order each other (reads, inoutset, mutexinoutset).
//
// Each handle keeps its current segment of accesses under its own lock: a
// submitter locks the handles of one task, never the whole runtime (and not
// those that it alone touches: Handle::one_submitter), and nothing else
// changes a handle's segments, so they stay in the submitters' caches.
// Segments name tasks without holding them (TaskRef): a completed task is
// recycled at once, and a name whose task has another id is a completed
// task. A predecessor's successor list is guarded by the predecessor's lock,
// which complete() also takes to mark it done, so a successor is either added
// before the predecessor completes (and released by it) or not added at all.
#include <algorithm>

#include "runtime.hpp"

namespace hcc::rt {
namespace {

// Completed members of a set are dropped when it has this many.
constexpr uint32_t kCompactMin = 8;

}  // namespace

// Whether the task named by r has completed. done before the id: a recycled
// task clears done after changing its id (Task::reset), so that a cleared
// done seen here comes with the changed id.
bool Runtime::finished(const TaskRef& r) {
  return r.task->done.load(std::memory_order_acquire) || r.task->id.load(std::memory_order_acquire) != r.id;
}

// Returns the number of unfinished predecessors it gave t.
int Runtime::add_dependencies(Task* t) {
  // The task's handles are locked together, in address order: two threads
  // submitting tasks on the same handles then order them the same way on
  // every handle (no cycle), and never wait for each other in a circle.
  // Handles that only this thread touches need no lock (an OpenMP task's
  // children on a machine with one memory node: Handle::one_submitter).
  SmallVector<Handle*, 8> handles;
  for (const Access* a = t->dependencies_begin(); a != t->dependencies_end(); ++a)
    if (!a->handle->one_submitter) handles.push_back(a->handle);
  std::sort(handles.begin(), handles.end());
  for (Handle* h : handles) h->lock.lock();
  const TaskRef self{t, t->id.load(std::memory_order_relaxed)};
  int added = 0;
  for (const Access* a = t->dependencies_begin(); a != t->dependencies_end(); ++a) {
    Handle* h = a->handle;
    const AccessKind kind = access_kind(a->mode);
    if (!h->segment.empty() && kind == h->segment_kind && kind != AccessKind::Write) {
      // Joins the current set: same predecessors, no order among members.
      for (const TaskRef& p : h->segment_preds) added += depend_on(t, p);
      if (h->segment.size() >= h->compact_at) drop_finished(h);
    } else {
      // Starts a new segment ordered after every member of the current one;
      // finished members order nothing any more and are not kept, nor are a
      // writer's predecessors (Handle::segment_preds).
      const bool set = kind != AccessKind::Write;
      if (set) h->segment_preds.clear();
      for (const TaskRef& p : h->segment)
        if (depend_on(t, p)) {
          ++added;
          if (set) h->segment_preds.push_back(p);
        }
      h->segment.clear();
      h->segment_kind = kind;
      h->compact_at = kCompactMin;
    }
    h->segment.push_back(self);
  }
  for (Handle* h : handles) h->lock.unlock();
  return added;
}

// Makes t a successor of the task named by pred unless it has completed;
// returns whether it did.
bool Runtime::depend_on(Task* t, const TaskRef& pred) {
  if (finished(pred)) return false;  // the common case when submitters trail the workers: no lock
  Task* p = pred.task;
  SpinGuard guard(p->lock);
  // Under p's lock, done cannot be set meanwhile, so neither can p be recycled.
  if (finished(pred)) return false;
  p->successors.push_back(t);
  return true;
}

// With h's lock held: drops the completed tasks of h's segments.
void Runtime::drop_finished(Handle* h) {
  for (auto* members : {&h->segment, &h->segment_preds}) {
    size_t kept = 0;
    for (const TaskRef& m : *members)
      if (!finished(m)) (*members)[kept++] = m;
    members->truncate(kept);
  }
  h->compact_at = std::max<uint32_t>(kCompactMin, 2 * static_cast<uint32_t>(h->segment.size()));
}

// The tasks of h's current segment that have not completed, each marked
// waited and held by one reference (the caller releases them). Every earlier
// task on h precedes one of them, so once they are done all are.
SmallVector<Task*, 8> Runtime::unfinished_tasks(Handle* h) {
  SmallVector<Task*, 8> tasks;
  SpinGuard guard(h->lock);
  for (const TaskRef& m : h->segment) {
    Task* p = m.task;
    SpinGuard task_guard(p->lock);
    if (finished(m)) continue;
    p->waited = true;
    p->refs.fetch_add(1, std::memory_order_relaxed);
    tasks.push_back(p);
  }
  return tasks;
}

// Whether some task on h has not completed (see unfinished_tasks).
bool Runtime::in_use(Handle* h) {
  SpinGuard guard(h->lock);
  for (const TaskRef& m : h->segment)
    if (!finished(m)) return true;
  return false;
}

}  // namespace hcc::rt
