// Data coherence between memory nodes: replicas, their valid/invalid state,
// fetching inputs to the node of the worker that runs a task, LRU eviction
// with write-back when a node is full, and memory accounting per node.
//
// Everything here runs with the control lock held; the lock is dropped only
// around transfers and device allocations, while the replicas involved are
// pinned (busy) or marked fetching so that no one else evicts or refetches
// them meanwhile.
#include <cinttypes>
#include <cstdio>

#include "fatal.hpp"
#include "locked.hpp"
#include "runtime.hpp"

namespace hcc::rt {

void Runtime::acquire_data(Task* t, int node, Buffers& buffers) {
  const int w = t->worker;
  for (size_t i = 0; i < t->accesses.size(); ++i) {
    const Access& a = t->accesses[i];
    Handle* h = a.handle;
    Replica& r = h->replicas[node];
    // A write-back into this replica may be in flight (eviction elsewhere):
    // even a write-only task must not start before it lands.
    while (r.fetching) block_locked([&r] { return !r.fetching; });
    if (!r.allocated) {
      make_room(t, i, node, h->replica_bytes(), h, w);
      allocate_replica(h, node);
    }
    r.busy++;
    if (reads(a.mode) && !h->valid(node)) fetch(h, node, w);
    if (writes(a.mode)) r.version = ++h->version;
    touch(h, node);
    buffers.push_back(r.ptr);
  }
}

void Runtime::allocate_replica(Handle* h, int node) {
  Replica& r = h->replicas[node];
  backend_->unlock();
  void* ptr = backend_->allocate(node, h->replica_bytes());
  backend_->lock();
  r.ptr = ptr;
  r.allocated = true;
  account(node, static_cast<int64_t>(h->replica_bytes()));
  node_lru_[node].push_back(h);
  r.lru = std::prev(node_lru_[node].end());
}

// While its kernel runs, a GPU worker brings the inputs of the next task of
// its queue to its memory node, on the copy stream, so that the copies
// overlap the kernel (StarPU's dmda prefetches when it assigns a task; the
// worker doing it itself needs no other thread, natively or simulated). A
// prefetch never evicts: it stops when the node is full.
void Runtime::prefetch_next(int w) {
  Task* next = scheduler_->peek(w);
  if (!next) return;
  const int node = desc(w).node;
  const uint64_t capacity = machine().nodes[node].capacity;
  Locked lock(*backend_);
  for (const Access& a : next->accesses) {
    Handle* h = a.handle;
    Replica& r = h->replicas[node];
    if (!reads(a.mode) || h->valid(node) || r.fetching) continue;
    if (!r.allocated) {
      if (capacity && node_used_[node] + h->replica_bytes() > capacity) return;
      allocate_replica(h, node);
    }
    r.busy++;  // not evicted while it lands
    fetch(h, node, w);
    touch(h, node);
    r.busy--;
  }
}

void Runtime::release_data(Task* t, int node) {
  for (const Access& a : t->accesses) {
    Handle* h = a.handle;
    h->replicas[node].busy--;
    if (node != 0 && writes(a.mode) && h->sibling_scoped && !h->written_elsewhere) {
      h->written_elsewhere = true;
      written_elsewhere_.push_back(h);
    }
  }
}

// Called when the program's own code resumes after a wait (taskwait,
// barrier, taskgroup, hcc_wait_all): OpenMP programs read and write their
// data in place then. Every datum of an OpenMP depend clause that tasks
// wrote on a device and that no task in flight uses any more is copied back
// to main memory, and its device copies become invalid, since the program
// may now change the bytes in main memory without the runtime knowing. Data
// still in use stay where they are. Data registered through the C API
// (hcc_data_register) come back when unregistered, as in StarPU: their
// copies stay on the devices across waits.
//
// Several threads may leave waits at once (a barrier's): each returns only
// once no idle datum is left on a device, the copies others started
// included (fetch waits for a copy in flight into the same replica).
void Runtime::write_back_idle_data() {
  const int w = backend_->self_worker();
  for (size_t i = 0; i < written_elsewhere_.size();) {
    Handle* h = written_elsewhere_[i];
    if (in_use(h)) {
      ++i;
      continue;
    }
    if (!h->valid(0)) {
      fetch(h, 0, w);  // drops the lock: the list may change meanwhile
      i = 0;
      continue;
    }
    h->replicas[0].version = ++h->version;
    h->written_elsewhere = false;
    written_elsewhere_[i] = written_elsewhere_.back();
    written_elsewhere_.pop_back();
  }
}

void Runtime::bring_home(Handle* h) {
  Locked lock(*backend_);
  if (!h->valid(0)) fetch(h, 0, backend_->self_worker());
}

void Runtime::touch(Handle* h, int node) {
  if (node == 0) return;  // main memory is not evicted
  node_lru_[node].splice(node_lru_[node].end(), node_lru_[node], h->replicas[node].lru);
}

// Makes the replica of h on node valid. Device-to-device copies go through
// main memory, as they do without peer-to-peer access.
void Runtime::fetch(Handle* h, int node, int worker) {
  pin_home(h);  // may drop the lock: the state is read after it
  Replica& r = h->replicas[node];
  while (r.fetching) block_locked([&r] { return !r.fetching; });
  if (h->valid(node)) return;
  int src = 0;
  if (!h->valid(0)) {
    for (size_t n = 1; n < h->replicas.size(); ++n)
      if (h->valid(static_cast<int>(n))) src = static_cast<int>(n);
    if (node != 0) {
      fetch(h, 0, worker);
      src = 0;
    }
  }
  Replica& from = h->replicas[src];
  const uint64_t version = from.version;
  r.fetching = true;
  from.busy++;
  const double start = backend_->now();
  backend_->unlock();
  backend_->transfer(src, from.ptr, node, r.ptr, h->size);
  backend_->lock();
  trace_->transfer(TransferRecord{src, node, h->size, start, backend_->now(), worker});
  from.busy--;
  r.fetching = false;
  r.version = version;
  notify_blocked();
}

void Runtime::make_room(Task* t, size_t acquired, int node, uint64_t bytes, Handle* keep, int worker) {
  const uint64_t capacity = machine().nodes[node].capacity;
  if (capacity == 0) return;
  if (bytes > capacity) {
    char msg[256];
    std::snprintf(msg, sizeof msg, "a datum of %" PRIu64 " bytes does not fit in %s (%" PRIu64 " bytes)",
                  bytes, machine().nodes[node].name.c_str(), capacity);
    fatal(msg);
  }
  while (node_used_[node] + bytes > capacity) {
    Handle* victim = nullptr;
    for (Handle* h : node_lru_[node]) {
      const Replica& r = h->replicas[node];
      if (h != keep && r.busy == 0 && !r.fetching) {
        victim = h;
        break;
      }
    }
    if (!victim) {
      // Everything on the node is in use by running tasks: wait for one to
      // finish, unless this task alone pins it all.
      // Pins other than this task's own accesses acquired so far will go.
      bool others_pin = false;
      for (Handle* h : node_lru_[node]) {
        int own = 0;
        for (size_t i = 0; i < acquired; ++i) own += (t->accesses[i].handle == h);
        others_pin |= h->replicas[node].busy > own || h->replicas[node].fetching;
      }
      if (!others_pin) {
        char msg[256];
        std::snprintf(msg, sizeof msg,
                      "the data of one task (%" PRIu64 " more bytes) do not fit together in %s (%" PRIu64 " bytes)",
                      bytes, machine().nodes[node].name.c_str(), capacity);
        fatal(msg);
      }
      block_locked([this, node, bytes, capacity] {
        if (node_used_[node] + bytes <= capacity) return true;
        for (Handle* h : node_lru_[node])
          if (h->replicas[node].busy == 0 && !h->replicas[node].fetching) return true;
        return false;
      });
      continue;
    }
    evict(victim, node, worker);
  }
}

// Drops the replica of h on node, writing it back to main memory first when it
// holds the only valid copy.
void Runtime::evict(Handle* h, int node, int worker) {
  Replica& r = h->replicas[node];
  Replica& home = h->replicas[0];
  r.busy++;
  pin_home(h);
  // One transfer at a time into a replica: another write-back into main
  // memory may be landing (and may make this one unneeded).
  while (home.fetching) block_locked([&home] { return !home.fetching; });
  if (h->valid(node) && !h->valid(0)) {
    bool elsewhere = false;
    for (size_t n = 1; n < h->replicas.size(); ++n)
      elsewhere |= (static_cast<int>(n) != node && h->valid(static_cast<int>(n)));
    if (!elsewhere) {
      const uint64_t version = r.version;
      home.fetching = true;
      const double start = backend_->now();
      backend_->unlock();
      backend_->transfer(node, r.ptr, 0, home.ptr, h->size);
      backend_->lock();
      trace_->transfer(TransferRecord{node, 0, h->size, start, backend_->now(), worker});
      home.fetching = false;
      home.version = version;
    }
  }
  r.version = 0;
  void* ptr = r.ptr;
  node_lru_[node].erase(r.lru);
  r.allocated = false;
  r.ptr = nullptr;
  account(node, -static_cast<int64_t>(h->replica_bytes()));
  backend_->unlock();
  backend_->release(node, ptr, h->replica_bytes());
  backend_->lock();
  r.busy--;
  notify_blocked();
}

// Before a datum's first copy between main memory and a device, when asked
// (HCC_PIN=1). Once per handle, natively as in simulation; a copy that meets
// a handle being locked by another thread goes ahead from pageable memory.
void Runtime::pin_home(Handle* h) {
  if (!config_.pin_host_data || h->host_pinned) return;
  h->host_pinned = true;
  backend_->unlock();
  backend_->pin_host(h->addr, h->size);
  backend_->lock();
}

void Runtime::account(int node, int64_t delta) {
  node_used_[node] += delta;
  trace_->memory(node, backend_->now(), node_used_[node]);
}

// Read by model-based schedulers, which run without the control lock: with
// several memory nodes, replicas change under it (one node: all valid).
uint64_t Runtime::bytes_on_node(const Task& t, int node) const {
  if (single_node_) return t.bytes_in;
  Locked lock(*backend_);
  uint64_t bytes = 0;
  for (const Access& a : t.accesses)
    if (reads(a.mode) && a.handle->valid(node)) bytes += a.handle->size;
  return bytes;
}

double Runtime::expected_transfer(const Task& t, int node) {
  if (single_node_) return 0;
  Locked lock(*backend_);
  double seconds = 0;
  for (const Access& a : t.accesses) {
    const Handle* h = a.handle;
    if (!reads(a.mode) || h->valid(node)) continue;
    if (h->valid(0)) {
      seconds += backend_->transfer_estimate(0, node, h->size);
      continue;
    }
    for (size_t n = 1; n < h->replicas.size(); ++n) {
      if (!h->valid(static_cast<int>(n))) continue;
      seconds += backend_->transfer_estimate(static_cast<int>(n), 0, h->size);
      if (node != 0) seconds += backend_->transfer_estimate(0, node, h->size);
      break;
    }
  }
  return seconds;
}

std::optional<double> Runtime::expected_duration(const Task& t, const std::string& arch) {
  return model_duration(t, t.codelet->name, arch, false);
}

}  // namespace hcc::rt
