// Tasks, data handles and groups: the state the runtime's control code works
// on. There is no global lock on the task path: a handle's dependency state
// is guarded by the handle's own lock and touched by submitters only, a
// task's successor list by the task's lock, counters that several threads
// change are atomic, and everything else about a task is written before it
// is published (submission, a ready queue's lock) and read after.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <list>
#include <memory>
#include <string>
#include <vector>

#include "address_map.hpp"
#include "hcc/hcc.h"
#include "small_vector.hpp"
#include "spin_lock.hpp"

namespace hcc::rt {

struct Task;
class Waiter;

// Where a worker's wait registers instead of the control lock's list of
// blocked threads (Runtime::wait_in): the changer of what it waits for
// notifies the waiter found in the seat. Up to two seats per wait; null
// entries are none.
using Seat = std::atomic<Waiter*>;
using Seats = std::array<Seat*, 2>;

// Kind of an access for dependency inference. Accesses of one of the
// "set" kinds (read, inoutset, commute) that follow each other form one
// segment whose tasks do not depend on each other.
enum class AccessKind : uint8_t { Read, Write, InoutSet, Commute };

inline AccessKind access_kind(int mode) {
  switch (mode) {
    case HCC_R: return AccessKind::Read;
    case HCC_INOUTSET: return AccessKind::InoutSet;
    case HCC_COMMUTE: return AccessKind::Commute;
    default: return AccessKind::Write;
  }
}
inline bool reads(int mode) { return mode != HCC_W; }
inline bool writes(int mode) { return mode != HCC_R; }

// A copy of a handle's bytes on one memory node. It is valid when it holds
// the handle's current version: a write bumps the version, so every other copy
// becomes invalid at once, and a copy that lands after a newer write (a
// transfer in flight meanwhile) is invalid by construction.
struct Replica {
  void* ptr = nullptr;
  bool allocated = false;
  uint64_t version = 0;    // version of the handle's bytes it holds
  bool fetching = false;   // a transfer into this replica is in flight
  int busy = 0;            // running tasks (or transfers) using it: not evictable
  std::list<struct Handle*>::iterator lru;  // position in the node's LRU list
};

// A task as a handle's dependency state names it: the task and the id it had
// then. Handles hold no reference: a task is recycled as soon as it completes,
// and an entry whose task has another id names a task that has completed
// (Runtime::finished). Completing thus never touches a handle, whose state
// stays in its submitters' caches.
struct TaskRef {
  Task* task;
  uint64_t id;
};

struct Handle {
  // What a submitter reads and writes, on one line: the sequential-task-flow
  // state (the current segment of accesses, inline: most are one or two
  // tasks) and what hcc_submit reads of the handle. A submission on a handle
  // that starts a segment or writes touches this line alone (a task on a
  // handle used to touch three).
  SpinLock lock;  // guards the sequential-task-flow state and the commute owner
  AccessKind segment_kind = AccessKind::Write;
  bool sibling_scoped = false;  // orders the children of one task only (OpenMP depend)
  // Its sequential-task-flow state is touched by one thread only, the one
  // running the task whose children it orders, and read by no other (one
  // memory node: no write-back looks at it): add_dependencies takes no lock.
  bool one_submitter = false;
  // A set (reads, inoutset, commute) grows by one member per task: its
  // completed members are dropped when it reaches this size, which then
  // doubles what is left (amortised O(1) per task).
  uint32_t compact_at = 0;
  uint64_t size = 0;
  SmallVector<TaskRef, 2> segment;
  // The unfinished members of the previous segment when the current one is a
  // set, which its new members depend on. Not kept for a write: a writer's
  // predecessors finish before it, so its segment alone says what runs.
  alignas(64) SmallVector<TaskRef, 2> segment_preds;

  // Written once, read by the workers that run the tasks (addr) and, under
  // the control lock, by coherence on machines with more than one memory node.
  alignas(64) void* addr = nullptr;
  std::vector<Replica> replicas;  // one per memory node; node 0 is addr
  uint64_t version = 1;           // bumped by every task that writes
  bool written_elsewhere = false;  // listed in Runtime::written_elsewhere_
  bool host_pinned = false;        // page-locked in main memory (Runtime::pin_home)
  // The bytes of its buffers on other nodes when more than size: a split
  // loop's GPU part takes a buffer for the section's whole range, which the
  // next run's part finds again whatever its share (kept by the backend).
  uint64_t device_bytes = 0;
  Task* commute_owner = nullptr;  // running task holding it exclusively (lock)
  std::vector<Task*> commute_waiting;

  bool valid(int node) const { return replicas[node].version == version; }
  uint64_t replica_bytes() const { return std::max(size, device_bytes); }
};
static_assert(offsetof(Handle, segment_preds) == 64, "a submitter's state fits the handle's first line");

struct Group {
  std::atomic<int> pending{0};
  Group* enclosing = nullptr;  // for a taskgroup: the one open before it
  // A worker waiting for the group to empty (Runtime::wait_in), seated
  // before the group's tasks were submitted (Runtime::seat_caller): a
  // completion reads it before counting its task out, since the group may
  // be gone once empty.
  Seat waiter{nullptr};
  // Simulation: when a task was last counted out and on which worker (-1:
  // none), and when one last was on a worker other than that one: a thread
  // that finds the group empty sees the other workers' counts no sooner than
  // a looking worker sees another's write (Runtime::see_emptied).
  double last_out_at = -1;
  double other_out_at = -1;
  int last_out_by = -1;
};

// Dependencies among the children of one task (OpenMP orders sibling tasks
// only): the handles of the addresses they named, created on first use and
// dropped with the parent task.
using DependencyScope = AddressMap;

struct Access {
  Handle* handle;
  int mode;
};

// The local addresses of a task's data, one per access, passed to its kernel.
using Buffers = SmallVector<void*, 8>;

// What every submission writes: the reused task's previous values are
// overwritten anyway (see Task).
struct TaskState {
  const hcc_codelet* codelet = nullptr;
  void* arg = nullptr;
  bool owns_arg = false;
  int priority = 0;
  Group* group = nullptr;
  // A parallel region's explicit tasks (OpenMP barriers wait for them):
  // inherited from the parent, counted in it unless the task is implicit or
  // a child of an implicit task of that region, which counts it already
  // (pending_children: a barrier waits for both, and the region's count is
  // not one more line that every task of the region changes twice).
  Group* region = nullptr;
  bool counted_in_region = false;
  int pinned_worker = -1;  // runs on this worker only (an OpenMP implicit task)
  bool implicit = false;   // not a kernel: no record, model or task count
  // Instrumented runs: its kernel is timed, recorded and observed unless 0
  // (a fine-grained kernel's runs are sampled: instrument_sampling.hpp),
  // its observation standing for this many runs (Runtime::run_weight_of).
  uint8_t weight = 1;
  bool timed() const { return weight != 0; }
  // Detached (OpenMP detach): completes once its body ended and fulfill()
  // was called, in either order (both under Task::lock).
  bool detached = false, body_ended = false, fulfilled = false;
  void (*finished)(void* arg) = nullptr;  // after the body ran or was simulated
  uint64_t footprint = 0;
  uint64_t bytes_in = 0, bytes_out = 0;
  uint64_t mem_alloc = 0, mem_free = 0;  // declared by the body (hcc_task_desc)

  bool has_commute = false;  // holds exclusive accesses (Runtime::exclusive)
  // Accesses data registered for the whole program (hcc_data_register): it
  // may order tasks of any two parents (Runtime::can_take).
  bool program_wide_deps = false;
  SmallVector<Access, 4> accesses;  // as submitted: one kernel buffer each
};

// Where a task sits in the tree of tasks that created it, for the question
// a waiting worker asks of every task it could take: does it descend from the
// task I wait in (Runtime::descends_from)? Besides the parent, a jump link
// to a farther ancestor (skew-binary jumps: any ancestor is O(log depth)
// links away), so that a worker waiting near the root of a tree thousands of
// levels deep does not walk thousands of links per look at a queue. Each link
// carries the id its target had: a recycled target has another id and ends
// the walk. Written once by the submitter, read by other threads while the
// task may be recycled, hence atomic.
struct TaskAncestry {
  std::atomic<uint32_t> depth{0};       // the root tasks' is 0
  std::atomic<uint32_t> jump_depth{0};  // the jump target's
  std::atomic<uint64_t> parent_id{0}, jump_id{0};
  std::atomic<const Task*> jump{nullptr};
};

// What only some tasks use (records, models, dmda, tasks with children).
// Reusing a task resets only what its previous use changed: these lines were
// last read by the worker that ran it, and writing them would take them back.
struct TaskExtras {
  Group* taskgroup = nullptr;  // innermost taskgroup open in this task's body
  int child_credit = 0;        // children counted ahead in pending_children (Runtime::count_child)
  int region_credit = 0;       // children counted ahead in region->pending (Runtime::count_in_region)
  // The thread waiting for this task's children (taskwait): the completion
  // that brings pending_children to zero notifies it, and only it
  // (Runtime::wait_until with this seat). Cleared by that thread when its
  // wait ends.
  Seat children_waiter{nullptr};
  std::unique_ptr<DependencyScope> children_deps;  // see DependencyScope
  double submit_time = 0, start_time = 0;
  double end_time = 0;  // when the body ended (records, models), before any lock wait
  double ready_at = -1;  // instrumented runs: when it was made ready, if that is timed (hcc.notice)
  // The kernel's measured time (instrumented runs): its thread's CPU seconds
  // on a CPU worker, its seconds on the device on a GPU worker; -1: not measured.
  double cpu_time = -1;
  std::string params_text;  // the records' params column, formatted off the runtime lock (native runs)
  // Scheduler bookkeeping (dmda): chosen worker and expected duration.
  double expected = 0;
  uint64_t sequence = 0;

  void reset_extras() {
    auto reset = [](auto& field, auto value) {
      if (field != value) field = value;
    };
    reset(taskgroup, nullptr);
    reset(child_credit, 0);
    reset(region_credit, 0);
    if (children_deps) children_deps.reset();
    reset(submit_time, 0.0);
    reset(start_time, 0.0);
    reset(end_time, 0.0);
    reset(cpu_time, -1.0);
    reset(ready_at, -1.0);
    if (!params_text.empty()) params_text.clear();
    reset(expected, 0.0);
    reset(sequence, uint64_t{0});
  }
};

// What several threads change while a task is alive, on a cache line of its
// own: the rest of the task is written once by its submitter and then only
// read, so that the line passed back and forth per task is this one.
struct alignas(64) TaskSync {
  // Read by other threads while the task may be recycled (descends_from,
  // Runtime::finished), hence atomic; numbered at submission, kNoTask once
  // recycled.
  static constexpr uint64_t kNoTask = ~uint64_t{0};
  std::atomic<uint64_t> id{kNoTask};
  std::atomic<Task*> parent{nullptr};
  std::atomic<int> refs{1};              // the runtime's + one while children are in flight + one per thread waiting for it
  std::atomic<int> pending_deps{0};      // unfinished predecessors
  std::atomic<int> pending_children{0};  // for hcc_taskwait inside this task; counted ahead (Runtime::count_child)
  // Set under lock by complete(): depend_on adds no successor after it.
  std::atomic<bool> done{false};
  bool waited = false;  // a thread waits for its completion (Runtime::wait_handle); under lock
  SpinLock lock;  // guards successors, done's transition, waited and the detach flags
  // Written by the threads that make it ready and run it, on this line
  // rather than on one that only its submitter writes.
  bool ready_at_submission = false;  // ready_by submitted it ready rather than completed its last predecessor
  int ready_by = -1;  // the worker that made it ready, -1: the application
  int worker = -1;    // the worker that ran it
  // Added by submitters, read by the completing worker: on this line, which
  // both take anyway. One inline: a longer list is on the heap.
  SmallVector<Task*, 1> successors;
};
static_assert(sizeof(TaskSync) == 64, "TaskSync is one cache line");

// FNV-1a over the sizes of a task's data, as StarPU's footprints: tasks of
// one kernel on data of the same shape share a model entry.
inline uint64_t footprint_of(const Access* first, const Access* last) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (const Access* a = first; a != last; ++a) {
    const uint64_t s = a->handle->size;
    for (int i = 0; i < 8; ++i) {
      h ^= (s >> (8 * i)) & 0xff;
      h *= 0x100000001b3ull;
    }
  }
  return h;
}

// A task whose first parameter is `work` (the iterations the compiler
// counted in its body, TaskWork.cpp, or the user's `#pragma hcc params(work
// = ...)`) is keyed by it, as a loop run is: a simulation at another size
// finds no model of that footprint and scales the closest one
// (Runtime::model_duration). Others by the sizes of their data.
inline bool keyed_by_work(const hcc_codelet& cl) {
  return cl.nparams > 0 && cl.param_names && cl.param_names[0] && std::strcmp(cl.param_names[0], "work") == 0;
}
// The footprint of a run of that work (a task's, or a loop's where counted).
inline uint64_t work_footprint(double work) {
  return work > 0 && work < 1e18 ? static_cast<uint64_t>(std::llround(work)) : 0;
}
// A loop chunk's or nest's footprint: its work where counted, else its iterations.
inline uint64_t loop_footprint(uint64_t iterations, double work) { return work > 0 ? work_footprint(work) : iterations; }

// Laid out by who writes what: the line that several threads change, then
// what its submitter writes for every task, then what only some tasks use.
struct Task : TaskSync, TaskState, TaskExtras, TaskAncestry {
  std::vector<Access> merged;       // one per handle, if some handle repeats
  SmallVector<double, 4> params;
  // A small argument block, copied here (hcc_submit), or the block a layer
  // above builds before it submits the task (Runtime::reserve_task: the
  // OpenMP layer's task block, recycled with the task): on lines of its own.
  static constexpr size_t kInlineArgBytes = 192;
  alignas(64) unsigned char inline_arg[kInlineArgBytes];

  // Back to a fresh task for reuse, keeping the capacity of its lists. Done
  // by the thread that reuses it, which writes TaskSync's and TaskState's
  // lines next anyway; the others only if the previous use changed them.
  void reset() {
    static_cast<TaskState&>(*this) = TaskState{};
    reset_extras();
    // The id before done, which publishes it: a thread that still names the
    // previous task (TaskRef) and sees done cleared sees the id changed too.
    id.store(kNoTask, std::memory_order_relaxed);
    done.store(false, std::memory_order_release);
    waited = false;
    ready_at_submission = false;
    ready_by = -1;
    worker = -1;
    parent.store(nullptr, std::memory_order_relaxed);
    refs.store(1, std::memory_order_relaxed);
    pending_deps.store(0, std::memory_order_relaxed);
    pending_children.store(0, std::memory_order_relaxed);
    if (!merged.empty()) merged.clear();
    if (!params.empty()) params.clear();
    successors.clear();  // on TaskSync's line, written above
  }

  // The accesses that dependencies are inferred from: one per handle.
  const Access* dependencies_begin() const { return merged.empty() ? accesses.begin() : merged.data(); }
  const Access* dependencies_end() const {
    return merged.empty() ? accesses.end() : merged.data() + merged.size();
  }
};

}  // namespace hcc::rt
