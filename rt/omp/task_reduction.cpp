#include "task_reduction.hpp"

#include <cstdlib>
#include <cstring>

#include "fatal.hpp"
#include "bursts.hpp"
#include "omp_state.hpp"

namespace hcc::omp {

void complete_reduction(TaskReduction* r) {
  for (TaskReduction::Item& item : r->items) {
    for (std::atomic<void*>& slot : item.copies) {
      void* copy = slot.load(std::memory_order_relaxed);  // the group's tasks have completed
      if (!copy) continue;
      item.comb(item.shared, copy);
      if (item.fini) item.fini(copy);
      std::free(copy);
    }
  }
  delete r;
}

namespace {

TaskReduction* new_reduction(State& s, int32_t num, const kmp_taskred_input_t* in) {
  auto* r = new TaskReduction;
  for (int32_t i = 0; i < num; ++i) {
    r->items.push_back(TaskReduction::Item{in[i].reduce_shar, in[i].reduce_orig, in[i].reduce_size,
                                           reinterpret_cast<void (*)(void*, void*)>(in[i].reduce_init),
                                           reinterpret_cast<void (*)(void*)>(in[i].reduce_fini),
                                           reinterpret_cast<void (*)(void*, void*)>(in[i].reduce_comb),
                                           std::vector<std::atomic<void*>>(s.threads.size() + s.team_threads.size()), {}});
  }
  return r;
}

TaskReduction* innermost(Thread& me) {
  for (auto it = me.taskgroups.rbegin(); it != me.taskgroups.rend(); ++it)
    if (*it) return *it;
  return nullptr;
}

}  // namespace
}  // namespace hcc::omp

using namespace hcc::omp;

extern "C" {

void* __kmpc_taskred_init(int32_t, int32_t num, void* data) {
  State& s = state();
  TaskReduction* r = new_reduction(s, num, static_cast<const kmp_taskred_input_t*>(data));
  Thread& me = caller(s);
  if (me.taskgroups.empty()) hcc::rt::fatal("task_reduction outside a taskgroup");
  if (me.taskgroups.back()) complete_reduction(me.taskgroups.back());
  me.taskgroups.back() = r;
  return r;
}

// The calling thread's copy of a reduction item, given the shared
// variable's address or any thread's copy of it: a task nested in an
// in_reduction task names its parent's copy, which belongs to the thread
// that ran the parent, and children running on other threads at once must
// not update that one copy together.
void* __kmpc_task_reduction_get_th_data(int32_t, void* tg, void* data) {
  State& s = state();
  const size_t slot = static_cast<size_t>(slot_of_caller(s));
  auto* r = static_cast<TaskReduction*>(tg);
  if (!r) r = innermost(caller(s));
  if (!r) return data;
  auto names = [data](const TaskReduction::Item& item) {
    if (data == item.shared) return true;
    for (const std::atomic<void*>& p : item.team_privates)
      if (p.load(std::memory_order_relaxed) == data) return true;
    for (const std::atomic<void*>& copy : item.copies)
      if (copy.load(std::memory_order_relaxed) == data) return true;
    return false;
  };
  for (TaskReduction::Item& item : r->items) {
    if (!names(item)) continue;
    void* copy = item.copies[slot].load(std::memory_order_relaxed);
    if (!copy) {
      copy = std::malloc(item.size ? item.size : 1);
      if (!copy) hcc::rt::fatal("out of memory allocating a task reduction copy");
      if (item.init) item.init(copy, item.orig);
      else std::memset(copy, 0, item.size);
      item.copies[slot].store(copy, std::memory_order_relaxed);
    }
    return copy;
  }
  return data;
}

// reduction(task, ...) on a parallel or worksharing construct: every thread
// of the team opens a taskgroup for the tasks it creates in the construct,
// and they share one reduction whose items each thread's private variable
// names. The last thread to end its taskgroup (all the tasks of the
// construct have then completed) combines every copy into its own private
// variable, which the construct's reduction then combines with the others.
void* __kmpc_taskred_modifier_init(ident_t* loc, int32_t, int32_t, int32_t num, void* data) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  State& s = state();
  const auto* in = static_cast<const kmp_taskred_input_t*>(data);
  Thread& me = caller(s);
  const Context& c = me.contexts.back();
  Team& team = *c.team;
  const uint64_t ordinal = ++team.members[c.tid].task_reductions;
  s.rt.lock();
  TaskReduction*& r = team.task_reductions[ordinal];
  if (!r) {
    r = new_reduction(s, num, in);
    for (TaskReduction::Item& item : r->items) item.team_privates = std::vector<std::atomic<void*>>(team.nthreads);
  }
  for (int32_t i = 0; i < num && i < static_cast<int32_t>(r->items.size()); ++i)
    r->items[i].team_privates[c.tid].store(in[i].reduce_shar, std::memory_order_relaxed);
  TaskReduction* shared = r;
  s.rt.unlock();
  s.rt.taskgroup_begin();
  me.taskgroups.push_back(shared);
  return shared;
}

void __kmpc_task_reduction_modifier_fini(ident_t* loc, int32_t, int32_t) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  State& s = state();
  s.rt.taskgroup_end();
  Thread& me = caller(s);
  TaskReduction* r = me.taskgroups.back();
  me.taskgroups.pop_back();
  const Context& c = me.contexts.back();
  Team& team = *c.team;
  const uint64_t ordinal = team.members[c.tid].task_reductions;
  s.rt.lock();
  const bool last = ++r->finished == team.nthreads;
  if (last) team.task_reductions.erase(ordinal);
  s.rt.unlock();
  if (!last) return;
  // The others may have combined their private variables already: this
  // thread's has not.
  for (TaskReduction::Item& item : r->items) item.shared = item.team_privates[c.tid].load(std::memory_order_relaxed);
  complete_reduction(r);
}

}  // extern "C"
