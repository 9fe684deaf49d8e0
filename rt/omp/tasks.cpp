// Explicit tasks: creation, submission with dependencies, undeferred and
// included tasks, taskwait, taskgroup, detach and taskloop.
#include "tasks.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <utility>
#include <set>
#include <string>

#include "block_cache.hpp"
#include "bursts.hpp"
#include "fatal.hpp"
#include "small_vector.hpp"
#include "task_reduction.hpp"

extern "C" kmp_task_t* __kmpc_omp_task_alloc(ident_t* loc, int32_t gtid, int32_t flags, size_t sizeof_task,
                                             size_t sizeof_shareds, kmp_routine_entry_t routine);

namespace hcc::omp {
namespace {

constexpr size_t kAlign = 16;
size_t round_up(size_t n) { return (n + kAlign - 1) / kAlign * kAlign; }

// The kernel name of a task the compiler did not name (a taskloop's, a
// task in a macro or another file): where its construct is in the sources
// ("spmv.c:34", from the location clang passes, `psource`), the same in an
// instrumented and a simulated build. Without one, where its outlined body
// lies in the program: stable from run to run of one build only, so a
// simulation found no model of a taskloop's tasks (named after their
// address in the instrumented build) and ran each for real.
std::string name_of(kmp_routine_entry_t routine, const char* psource) {
  if (std::string site = rt::openmp_site(psource); !site.empty()) return site;
  Dl_info info{};
  uintptr_t offset = reinterpret_cast<uintptr_t>(routine);
  if (dladdr(reinterpret_cast<void*>(routine), &info) && info.dli_fbase)
    offset -= reinterpret_cast<uintptr_t>(info.dli_fbase);
  char name[40];
  std::snprintf(name, sizeof name, "task_%" PRIxPTR, offset);
  return name;
}

// Whether a task is discarded before it starts: its region or its
// taskgroup was cancelled (cancel.cpp).
bool discarded(const TaskHeader* h) {
  if (!h->state->cancellation) return false;
  const TaskValues* v = h->attributes.values.get();
  return h->team->cancel_request.load(std::memory_order_relaxed) == kCancelParallel ||
         (v && v->taskgroup && v->taskgroup->cancelled.load(std::memory_order_relaxed));
}

// Runs the parts of the body still to run: the next part of an untied
// task, each handed back by the part before it.
// program_code: the body is the program's code, charged its CPU bursts in
// simulation (bursts.hpp), not a kernel the runtime runs (run_kernel_body).
void run_next_parts(TaskHeader* h, int gtid, bool program_code = true) {
  kmp_task_t* task = task_of(h);
  while (h->next_part) {
    h->next_part = false;
    rt::ProgramCall program(reinterpret_cast<const void*>(task->routine), program_code);
    task->routine(gtid, task);
  }
}

Taskgroup* taskgroup_of(const TaskHeader* h) {
  const TaskValues* v = h->attributes.values.get();
  return v ? v->taskgroup : nullptr;
}

// Runs the body, part after part for an untied task.
void run_parts(TaskHeader* h, int gtid, bool program_code) {
  h->running = true;
  h->next_part = !discarded(h);
  run_next_parts(h, gtid, program_code);
  h->running = false;
}

// Ends the block's life. A block in a runtime task that was submitted comes
// back with that task; one in a task never submitted (it ran on its creating
// thread, which finishes it) gives the task back.
void finish(TaskHeader* h, bool submitted) {
  kmp_task_t* task = task_of(h);
  if (h->flags & kTaskDestructors) task->data1.destructors(slot_of_caller(*h->state), task);
  const size_t bytes = h->bytes;
  rt::Task* host = h->host;
  rt::Runtime& rt = h->state->rt;
  const int creator = h->creator;
  h->~TaskHeader();
  if (!host) rt::cached_free(h, bytes);
  else if (!submitted) rt.unreserve_task(host, creator - 1);
}

// A detached task that ran when created inside a final task: nothing waits
// for its completion event, which omp_fulfill_event then only frees.
void orphan_event(TaskHeader* h) {
  Event* e = h->event;
  if (!e) return;
  State& s = *h->state;
  s.rt.lock();
  const bool fulfilled = e->fulfilled;
  e->orphan = true;
  s.rt.unlock();
  if (fulfilled) delete e;
}

void finish_cb(void* arg) { finish(static_cast<TaskHeader*>(arg), true); }

// The runtime's kernel: the task's outlined body, in the context of its
// team; program_code as run_next_parts takes it.
void run_in_team(void* arg, bool program_code) {
  auto* h = static_cast<TaskHeader*>(arg);
  State& s = *h->state;
  const int slot = slot_of_caller(s);
  Thread& me = thread_at(s, slot);
  // The worker usually waits in a task of the same team (its implicit task,
  // at a barrier or taskwait), which knows its thread number.
  const Context& around = me.contexts.back();
  const int tid = around.team == h->team ? around.tid : h->team->tid_of_worker(slot - 1);
  me.contexts.push_back(Context{h->team, tid, h->final, true, h->depth, taskgroup_of(h)});
  run_parts(h, slot, program_code);
  me.contexts.pop_back();
}

// A control body (HCC_CODELET_CONTROL).
void run_body(void* const*, void* arg) {
  hcc::rt::RuntimeEntry entry;
  run_in_team(arg, true);
}

// A body that a simulation runs as a kernel, charged its model: timed for
// it, or run for its effects (HCC_CODELET_STEERS).
void run_kernel_body(void* const*, void* arg) {
  hcc::rt::RuntimeEntry entry;
  run_in_team(arg, false);
}

// The CUDA implementation of a task (#pragma hcc task impl(cuda: fn)): the
// compiler's wrapper, with the arguments it evaluated at creation.
void run_cuda_body(void* const* buffers, void* arg) {
  auto* h = static_cast<TaskHeader*>(arg);
  TaskValues* v = h->attributes.values.get();
  h->attributes.info->cuda(buffers, v ? v->cuda_args.data() : nullptr);
}

// Whether functions of other translation units create or wait for tasks, or
// steer control code, themselves or through the functions they call (marks
// the compiler left; a null one was not compiled by hccsim): the flags of
// every mark reached.
unsigned reached_flags(const hcc_omp_function_mark* m, std::set<const hcc_omp_function_mark*>& seen) {
  if (!m || !seen.insert(m).second) return 0;
  unsigned flags = m->flags & (HCC_CODELET_CONTROL | HCC_CODELET_STEERS);
  for (int i = 0; i < m->ncallees && !(flags & HCC_CODELET_CONTROL); ++i) flags |= reached_flags(m->callees[i], seen);
  return flags;
}

unsigned codelet_flags(const hcc_omp_task_info* info) {
  // Without the compiler's word, a simulation runs the body: it may create
  // or wait for tasks.
  if (!info) return HCC_CODELET_CONTROL;
  std::set<const hcc_omp_function_mark*> seen;
  unsigned flags = info->flags;
  for (int i = 0; i < info->ncallees; ++i) flags |= reached_flags(info->callees[i], seen);
  // A control body runs as the program's code, steering stores and all.
  if (flags & HCC_CODELET_CONTROL) flags &= ~unsigned{HCC_CODELET_STEERS};
  return flags;
}

const hcc_codelet* codelet_for(State& s, const TaskHeader* h, int ndeps, const char* psource) {
  const hcc_omp_task_info* info = h->attributes.info;
  const kmp_routine_entry_t routine = task_of(const_cast<TaskHeader*>(h))->routine;
  const auto key = std::make_pair(info ? static_cast<const void*>(info) : reinterpret_cast<const void*>(routine), ndeps);
  Thread& me = thread_at(s, h->creator);
  for (const Thread::KnownCodelet& k : me.known_codelets)
    if (k.codelet && k.key == key) return k.codelet;
  auto remember = [&me, &key](const hcc_codelet* codelet) {
    me.known_codelets[me.next_known_codelet++ % me.known_codelets.size()] = {key, codelet};
    return codelet;
  };
  s.rt.lock();
  auto it = s.codelets.find(key);
  const hcc_codelet* known = it == s.codelets.end() ? nullptr : &it->second->codelet;
  s.rt.unlock();
  if (known) return remember(known);
  auto cl = std::make_unique<Codelet>();
  cl->name = info && info->name ? info->name : name_of(routine, psource);
  for (int i = 0; info && i < info->nparams; ++i) cl->param_names.push_back(info->param_names[i]);
  for (int k = 0; k < ndeps; ++k) cl->param_names.push_back("dep" + std::to_string(k) + "_bytes");
  for (const std::string& n : cl->param_names) cl->param_name_ptrs.push_back(n.c_str());
  const unsigned flags = codelet_flags(info);
  cl->codelet = hcc_codelet{cl->name.c_str(), (flags & HCC_CODELET_CONTROL) ? run_body : run_kernel_body,
                            info && info->cuda ? run_cuda_body : nullptr, static_cast<int>(cl->param_names.size()),
                            cl->param_name_ptrs.data(), flags | HCC_CODELET_CPU_NO_BUFFERS};
  s.rt.lock();
  auto& slot = s.codelets[key];
  if (!slot) slot = std::move(cl);
  const hcc_codelet* result = &slot->codelet;
  s.rt.unlock();
  return remember(result);
}

int access_mode(uint8_t flags) {
  if (flags & kDepMutexInoutSet) return HCC_COMMUTE;
  if (flags & kDepInoutSet) return HCC_INOUTSET;
  if (flags & kDepOut) return HCC_RW;
  return HCC_R;
}

// The sibling that stands for all memory in a scope: omp_all_memory items
// access it and so do, once one has, the depend items of the tasks after.
const char kAllMemory = 0;

// The accesses of a task's depend items among its siblings. A task with an
// omp_all_memory item writes every address its siblings named and all
// memory: it comes after each of them, and every later task with a depend
// item reads all memory, so comes after it.
void sibling_accesses(State& s, int self, const kmp_depend_info_t* deps, int ndeps,
                      rt::SmallVector<hcc_access, 8>& accesses) {
  rt::Runtime::SiblingScope siblings(s.rt, self);
  bool all_memory = false;
  for (int i = 0; i < ndeps; ++i) {
    if (deps[i].flags & kDepAllMemory) {
      all_memory = true;
      continue;
    }
    void* addr = reinterpret_cast<void*>(deps[i].base_addr);
    accesses.push_back(hcc_access{reinterpret_cast<hcc_handle>(siblings.handle(addr, deps[i].len)),
                                  access_mode(deps[i].flags)});
  }
  if (all_memory) {
    accesses.clear();
    siblings.handle(const_cast<char*>(&kAllMemory), 1);
    siblings.for_each([&accesses](rt::Handle* h) { accesses.push_back(hcc_access{reinterpret_cast<hcc_handle>(h), HCC_RW}); });
    // In an order that does not depend on where the data lie: the task's
    // footprint (its model's key) hashes the sizes in order.
    std::sort(accesses.begin(), accesses.end(), [](const hcc_access& a, const hcc_access& b) {
      return reinterpret_cast<rt::Handle*>(a.handle)->size < reinterpret_cast<rt::Handle*>(b.handle)->size;
    });
  } else if (rt::Handle* all = siblings.find(&kAllMemory)) {
    accesses.push_back(hcc_access{reinterpret_cast<hcc_handle>(all), HCC_R});
  }
}

// Waits for the siblings a taskwait's or an undeferred task's depend items
// name; omp_all_memory names them all.
void wait_deps(const kmp_depend_info_t* deps, int ndeps) {
  State& s = state();
  for (int i = 0; i < ndeps; ++i)
    if (deps[i].flags & kDepAllMemory) {
      s.rt.taskwait();
      return;
    }
  for (int i = 0; i < ndeps; ++i) s.rt.wait_siblings(reinterpret_cast<const void*>(deps[i].base_addr));
  if (ndeps > 0) s.rt.wait_siblings(&kAllMemory);
}

// Both lists of a task's depend items as one.
using DependItems = rt::SmallVector<kmp_depend_info_t, 8>;
DependItems all_deps(int32_t n, const kmp_depend_info_t* deps, int32_t n_noalias, const kmp_depend_info_t* noalias) {
  DependItems all;
  if (deps) all.assign(deps, deps + n);
  if (noalias) all.assign(noalias, noalias + n_noalias);
  return all;
}

// A task run on the creating thread (included, or undeferred with the
// compiler calling its body between the two): the creator's thread number,
// its own team and finality.
void begin_on_creator(TaskHeader* h) {
  Thread& me = thread_at(*h->state, h->creator);
  // Not a submission: the next one counts hcc.submit from its own task_alloc.
  if (h->state->rt.measures_costs()) me.task_alloc_at = rt::TaskOptions::kBeginAtSubmit;
  const Context& creating = me.contexts.back();
  me.contexts.push_back(Context{h->team, creating.tid, h->final, true, h->depth, taskgroup_of(h), creating.nthreads,
                                creating.schedule, creating.thread_limit});
  h->running = true;
}

// A detached task its creator ran (undeferred, if(0)) completes when its
// event is fulfilled, not when its body ends: until then its creator's
// taskwait and taskgroup and the region's barrier wait for it, as for a
// deferred one. A task of no work, submitted by the creator, stands for it
// and carries its event (the region's barrier passed before a thread of
// the program fulfilled it, 100 ms later). Inside a final task the stand-in
// would run at once too: the event is orphaned there.
void complete_when_fulfilled(TaskHeader* h) {
  Event* e = h->event;
  if (!e) return;
  State& s = *h->state;
  if (thread_at(s, h->creator).contexts.back().final) return orphan_event(h);
  h->event = nullptr;
  kmp_task_t* stand_in = __kmpc_omp_task_alloc(nullptr, 0, kTaskDetachable, sizeof(kmp_task_t), 0, nullptr);
  header_of(stand_in)->event = e;
  submit(header_of(stand_in), nullptr, 0, nullptr);
}

void end_on_creator(TaskHeader* h) {
  h->state->rt.count_task_run_at_once(h->creator - 1);
  run_next_parts(h, h->creator);
  h->running = false;
  thread_at(*h->state, h->creator).contexts.pop_back();
  complete_when_fulfilled(h);
  finish(h, false);
}

// A task's parameters: the hcc params when captured (instrument and
// simulate builds), then each depend item's size.
using Params = rt::SmallVector<double, 8>;
Params params_of(const TaskHeader* h, const kmp_depend_info_t* deps, int ndeps) {
  const TaskAttributes& attr = h->attributes;
  const TaskValues* values = attr.values.get();
  Params params;
  const int nhcc = attr.info ? attr.info->nparams : 0;
  const int ncaptured = values ? static_cast<int>(values->params.size()) : 0;
  if (nhcc == 0 || ncaptured == nhcc) {
    if (values) params.assign(values->params.data(), values->params.data() + ncaptured);
    for (int i = 0; i < ndeps; ++i) params.push_back(static_cast<double>(deps[i].len));
  }
  return params;
}

// Simulation: what a kernel's task that its creating thread runs is
// charged (Runtime::creator_run_model decides); nullopt natively, without
// reading its params. Counted as the program's code, such a body cost what
// it took in the simulation, not its model, and nothing with
// HCC_SIM_BURSTS=off (20,000 kernels of 0.95 us on their creator: a 74 us
// makespan).
std::optional<double> creator_run_model(rt::Runtime& rt, const hcc_codelet* codelet, const TaskHeader* h) {
  if (!rt.simulated()) return std::nullopt;
  const Params params = params_of(h, nullptr, 0);
  return rt.creator_run_model(*codelet, params.begin(), params.size());
}

// Runs the body on its creating thread: charged its model, when it has one
// (the body runs for its effects, uncounted), else as the program's code.
void run_body_on_creator(rt::Runtime& rt, TaskHeader* h, const std::optional<double>& model) {
  const bool runs = h->next_part;  // not when cancelled
  run_next_parts(h, h->creator, /*program_code=*/!model);
  if (model && runs) rt.charge_seconds(*model);
}

}  // namespace

// Instrumented runs measure what it costs besides the body, from the task's
// allocation on (hcc.included), which simulations charge.
void run_now(TaskHeader* h, const char* psource) {
  rt::Runtime& rt = h->state->rt;
  const Thread& me = thread_at(*h->state, h->creator);
  const bool costed = rt.measures_costs() && me.task_alloc_at >= 0;
  const double entered = costed ? rt.now() : 0;
  const double allocation = costed ? me.task_alloc_seconds : 0;
  const std::optional<double> model =
      rt.simulated() ? creator_run_model(rt, codelet_for(*h->state, h, 0, psource), h) : std::nullopt;
  rt.charge_included_run(h->creator - 1);
  begin_on_creator(h);
  h->next_part = !discarded(h);
  const double started = costed ? rt.now() : 0;
  run_body_on_creator(rt, h, model);
  const double ended = costed ? rt.now() : 0;
  end_on_creator(h);  // h is gone after
  if (costed) rt.creator_run_cost_measured(true, allocation + started - entered + rt.now() - ended, 3);
}

namespace {

// Hands a task to the runtime (submit); the runtime's task when its
// creating thread is to run it now (its queue is full), else nullptr.
// entered: when __kmpc_omp_task began submitting, in a run that times this
// task's submission (else < 0).
rt::Task* hand_over(TaskHeader* h, const hcc_codelet* codelet, const kmp_depend_info_t* deps, int ndeps,
                    double entered) {
  State& s = *h->state;
  kmp_task_t* task = task_of(h);
  const int self = h->creator - 1;  // the submitting thread is the one that created the task
  rt::SmallVector<hcc_access, 8> accesses;
  if (ndeps > 0) sibling_accesses(s, self, deps, ndeps, accesses);
  const TaskValues* values = h->attributes.values.get();  // nullptr for most tasks of a native build
  const Params params = s.rt.keeps_params() ? params_of(h, deps, ndeps) : Params{};
  hcc_task_desc d{};
  d.codelet = codelet;
  d.arg = h;
  d.accesses = accesses.begin();
  d.naccesses = static_cast<int>(accesses.size());
  d.params = params.begin();
  d.nparams = static_cast<int>(params.size());
  if (values && values->has_priority) d.priority = values->priority;
  else if (h->flags & kTaskPriority) d.priority = task->data2.priority;
  if (values) {
    d.mem_alloc = values->mem_alloc;
    d.mem_free = values->mem_free;
  }
  rt::TaskOptions o;
  o.finished = finish_cb;
  o.self = self;
  // A team of one that defers its tasks waits for them at its barriers.
  if (h->team->serialized) o.region = &h->team->tasks;
  Event* e = h->event;  // h is freed once the task has run
  o.detached = e != nullptr;
  o.throttle = !e;  // a detachable task runs on its creator only in a team of one
  o.reserved = h->host;
  if (s.rt.measures_costs()) {
    // hcc.submit: the allocation, then the submission from its entry on.
    // The program's code between them (the firstprivate copies) is a CPU
    // burst of its own: counted in hcc.submit too, a task's n-queens board
    // or tree node was charged twice.
    Thread& creator = thread_at(s, h->creator);
    o.begun_at = std::exchange(creator.task_alloc_at, rt::TaskOptions::kBeginAtSubmit);
    if (entered >= 0) {  // read because the allocation was timed (submit)
      o.begun_at = entered;
      o.before_seconds = std::max(0.0, creator.task_alloc_seconds - s.rt.wall_clock_cost());
    }
  }
  rt::Task* t = s.rt.submit(d, o);
  if (!e) return t;
  s.rt.lock();
  const bool early = e->fulfilled;
  if (!early) e->task = t;
  s.rt.unlock();
  if (early) {
    s.rt.fulfill(t);
    delete e;
  }
  return nullptr;
}

// A short task that its creating thread runs at once, as an undeferred one
// (Runtime::runs_on_creator), timed as the runtime times the tasks it runs.
// Kept as the runtime keeps the tasks it runs where it keeps them (records,
// instrumented runs).
// Instrumented runs measure what it costs besides the body, from the
// task's allocation on (hcc.inline), which simulations charge; entered: when
// submit began deciding, in a run that measures it (else < 0).
void run_on_creator(TaskHeader* h, const hcc_codelet* codelet, double entered) {
  State& s = *h->state;
  rt::Runtime& rt = s.rt;
  const int w = h->creator - 1;
  const Thread& me = thread_at(s, h->creator);
  const bool costed = entered >= 0;
  const double allocation = costed ? me.task_alloc_seconds : 0;
  // Whether an instrumented run keeps this run, and keeping it, are not
  // what the task costs natively: left out of hcc.inline (they were 5-10 ns
  // of an n-queens search's 38, whose simulation came out 11-13 % long).
  const double deciding = costed ? rt.now() : 0;
  const uint32_t weight = rt.run_on_creator_weight(codelet);
  const bool kept = weight != 0;
  // Read once: a kept run's record and a simulation's model both take them.
  const bool simulated = rt.simulated();
  const Params params = kept || simulated ? params_of(h, nullptr, 0) : Params{};
  const std::optional<double> model =
      simulated ? rt.creator_run_model(*codelet, params.begin(), params.size()) : std::nullopt;
  const double decided = costed ? rt.now() : 0;
  const bool observed = rt.times_run(w);
  rt.charge_inline_run(w);
  begin_on_creator(h);
  h->next_part = !discarded(h);
  const bool timed = costed || kept || observed;
  const uint32_t creations = rt.creations(w);
  const double started = timed ? rt.now() : 0;
  run_body_on_creator(rt, h, model);
  const double ended = timed ? rt.now() : 0;
  end_on_creator(h);  // h is gone after
  if (observed) rt.observe_run(w, codelet, ended - started, rt.creations(w) != creations);
  const double left = costed ? rt.now() : 0;
  if (kept) rt.ran_on_creator(*codelet, w, started, ended, params.begin(), params.size(), weight);
  if (costed) rt.creator_run_cost_measured(false, allocation + deciding - entered + started - decided + left - ended, 4);
}

}  // namespace

// A task without dependencies that is short runs on its creating thread
// while that thread has tasks queued for the others; a task its creator
// runs because its queue is full (TaskOptions::throttle) runs once
// hand_over's frames are gone: a tree of tasks thousands of levels deep
// nests that many on the stack.
void submit(TaskHeader* h, const kmp_depend_info_t* deps, int ndeps, const char* psource) {
  State& s = *h->state;
  Thread& creator = thread_at(s, h->creator);
  // Read for a task whose allocation was timed: hcc.inline counts from here
  // for one run here (the decision too: finding the task's codelet and
  // whether it runs here were a fifth of a Fibonacci's native run at cut-off
  // 0, perf, which its simulation left out), hcc.submit for one submitted
  // (hand_over).
  const bool may_run_here = ndeps == 0 && !h->event;
  const double entered = s.rt.measures_costs() && creator.task_alloc_at >= 0 ? s.rt.now() : -1;
  const hcc_codelet* codelet = codelet_for(s, h, ndeps, psource);
  // How deep the task is in the tree of tasks, against the deepest its
  // creating thread created: a recursion's deep tasks are its smallest.
  creator.deepest_creation = std::max(creator.deepest_creation, h->depth);
  const bool deep = 2 * h->depth > creator.deepest_creation;
  if (may_run_here && s.rt.runs_on_creator(codelet, h->creator - 1, deep)) {
    run_on_creator(h, codelet, entered);
    return;
  }
  if (rt::Task* t = hand_over(h, codelet, deps, ndeps, entered)) s.rt.run_submitted(t);
}

}  // namespace hcc::omp

using namespace hcc::omp;

extern "C" {

kmp_task_t* __kmpc_omp_task_alloc(ident_t* loc, int32_t, int32_t flags, size_t sizeof_task, size_t sizeof_shareds,
                                  kmp_routine_entry_t routine) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  State& s = state();
  // The runtime's work on a task begins here (hcc.submit and hcc.inline
  // count it), before finding the calling thread: that was 7 % of a
  // Fibonacci's native run at cut-off 0 (perf), which its simulation left out.
  const bool measures = s.rt.measures_costs();
  const double begun = measures && s.rt.times_event() ? s.rt.wallclock() : hcc::rt::TaskOptions::kNotTimed;
  const int slot = slot_of_caller(s);
  Thread& me = thread_at(s, slot);
  if (measures) me.task_alloc_at = begun;
  const Context& c = me.contexts.back();
  const size_t bytes = sizeof(TaskHeader) + round_up(sizeof_task) + sizeof_shareds;
  if (bytes > UINT32_MAX) hcc::rt::fatal("a task's firstprivate and shared data exceed 4 GiB");
  // A final task makes the tasks it creates included (run at once, in
  // order); it is itself deferred as any other, after its dependences:
  // only the tasks created in a final task are included.
  const bool final = (flags & kTaskFinal) != 0 || c.final;
  if (c.team->serialized && (flags & kTaskDetachable)) c.team->defers.store(true, std::memory_order_relaxed);
  const bool at_once = (c.team->serialized && !c.team->defers.load(std::memory_order_relaxed)) || c.final;
  // A task that runs when created never reaches the runtime: its block
  // comes from the block cache.
  hcc::rt::Task* host = !at_once && bytes <= hcc::rt::Task::kInlineArgBytes ? s.rt.reserve_task(slot - 1) : nullptr;
  void* block = host ? host->inline_arg : hcc::rt::cached_alloc(bytes);
  auto* h = new (block)
      TaskHeader{&s, c.team, host, static_cast<uint32_t>(bytes), static_cast<uint16_t>(flags),
                 static_cast<uint16_t>(std::min(c.depth + 1, 0xffff)), slot, final, at_once, false, false, nullptr, {}};
  if (me.next_task.info) {
    h->attributes = std::move(me.next_task);
    me.next_task.info = nullptr;
  }
  if (c.taskgroup) {  // with OMP_CANCELLATION only
    if (!h->attributes.values) h->attributes.values = std::make_unique<TaskValues>();
    h->attributes.values->taskgroup = c.taskgroup;
  }
  kmp_task_t* task = task_of(h);
  std::memset(task, 0, sizeof(kmp_task_t));
  task->shareds = sizeof_shareds ? reinterpret_cast<char*>(task) + round_up(sizeof_task) : nullptr;
  // A task without a body (libomp's own tests build `taskwait depend(...)
  // nowait` so): an empty one, as libomp runs it.
  task->routine = routine ? routine : [](int32_t, void*) -> int32_t { return 0; };
  // The allocation's own time: a task run on its creator counts it in
  // hcc.inline, without the program's code up to __kmpc_omp_task (its
  // firstprivate copies, a CPU burst of its own).
  if (me.task_alloc_at >= 0) me.task_alloc_seconds = s.rt.wallclock() - me.task_alloc_at;
  return task;
}

kmp_task_t* __kmpc_omp_target_task_alloc(ident_t* loc, int32_t gtid, int32_t flags, size_t sizeof_task,
                                         size_t sizeof_shareds, kmp_routine_entry_t routine, int64_t) {
  return __kmpc_omp_task_alloc(loc, gtid, flags, sizeof_task, sizeof_shareds, routine);
}

int32_t __kmpc_omp_task(ident_t* loc, int32_t, kmp_task_t* task) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  TaskHeader* h = header_of(task);
  if (h->running) h->next_part = true;  // an untied task's next part
  else if (runs_when_created(h)) run_now(h, loc ? loc->psource : nullptr);
  else submit(h, nullptr, 0, loc ? loc->psource : nullptr);
  return 0;
}

int32_t __kmpc_omp_task_with_deps(ident_t* loc, int32_t, kmp_task_t* task, int32_t ndeps, kmp_depend_info_t* deps,
                                  int32_t ndeps_noalias, kmp_depend_info_t* noalias) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  TaskHeader* h = header_of(task);
  // Tasks that run when created find their predecessors done: their
  // siblings ran when created too.
  if (runs_when_created(h)) {
    run_now(h, loc ? loc->psource : nullptr);
    return 0;
  }
  if (!noalias || ndeps_noalias == 0) {  // what compilers emit: no copy
    submit(h, deps, ndeps, loc ? loc->psource : nullptr);
    return 0;
  }
  DependItems all = all_deps(ndeps, deps, ndeps_noalias, noalias);
  submit(h, all.begin(), static_cast<int>(all.size()), loc ? loc->psource : nullptr);
  return 0;
}

// Undeferred tasks (if(0)): the compiler waits for their dependencies, then
// runs the body itself between these two calls.
void __kmpc_omp_wait_deps(ident_t* loc, int32_t, int32_t ndeps, kmp_depend_info_t* deps, int32_t ndeps_noalias,
                          kmp_depend_info_t* noalias) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  DependItems all = all_deps(ndeps, deps, ndeps_noalias, noalias);
  wait_deps(all.begin(), static_cast<int>(all.size()));
}

// An undeferred task (if(0)): the compiler calls its body between these
// two. What the runtime does for it, from its allocation on, is an
// included run's work (hcc.included: measured by instrumented runs,
// charged by simulations, as run_now's): undeferred tasks by the million
// cost nothing in a simulation, a third of a native run.
void __kmpc_omp_task_begin_if0(ident_t* loc, int32_t, kmp_task_t* task) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  TaskHeader* h = header_of(task);
  hcc::rt::Runtime& rt = h->state->rt;
  Thread& me = thread_at(*h->state, h->creator);
  const bool costed = rt.measures_costs() && me.task_alloc_at >= 0;
  const double entered = costed ? rt.now() : 0;
  const double allocation = costed ? me.task_alloc_seconds : 0;
  rt.charge_included_run(h->creator - 1);
  begin_on_creator(h);
  if (rt.measures_costs()) me.undeferred_costs.push_back(costed ? allocation + rt.now() - entered : -1);
}

// The compiler ran the first part of the body; an untied one may have more.
void __kmpc_omp_task_complete_if0(ident_t* loc, int32_t, kmp_task_t* task) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  TaskHeader* h = header_of(task);
  hcc::rt::Runtime& rt = h->state->rt;
  Thread& me = thread_at(*h->state, h->creator);
  const bool measured = rt.measures_costs() && !me.undeferred_costs.empty();
  const double before = measured ? me.undeferred_costs.back() : -1;
  if (measured) me.undeferred_costs.pop_back();
  const double entered = before >= 0 ? rt.now() : 0;
  end_on_creator(h);  // h is gone after
  if (before >= 0) rt.creator_run_cost_measured(true, before + rt.now() - entered, 3);
}

int32_t __kmpc_omp_taskwait(ident_t* loc, int32_t) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  state().rt.taskwait();
  return 0;
}

void __kmpc_omp_taskwait_deps_51(ident_t* loc, int32_t, int32_t ndeps, kmp_depend_info_t* deps, int32_t ndeps_noalias,
                                 kmp_depend_info_t* noalias, int32_t) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  DependItems all = all_deps(ndeps, deps, ndeps_noalias, noalias);
  wait_deps(all.begin(), static_cast<int>(all.size()));
}

int32_t __kmpc_omp_taskyield(ident_t*, int32_t, int32_t) { return 0; }

// affinity(...) is a hint: hccsim's schedulers place tasks by their data.
int32_t __kmpc_omp_reg_task_with_affinity(ident_t*, int32_t, kmp_task_t*, int32_t, void*) { return 0; }

void __kmpc_taskgroup(ident_t* loc, int32_t) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  State& s = state();
  s.rt.taskgroup_begin();
  Thread& me = caller(s);
  me.taskgroups.push_back(nullptr);
  if (s.cancellation) {
    Context& c = me.contexts.back();
    c.taskgroup = new Taskgroup{c.taskgroup};
  }
}

void __kmpc_end_taskgroup(ident_t* loc, int32_t) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  State& s = state();
  s.rt.taskgroup_end();
  Thread& me = caller(s);
  TaskReduction* r = me.taskgroups.empty() ? nullptr : me.taskgroups.back();
  if (!me.taskgroups.empty()) me.taskgroups.pop_back();
  if (r) complete_reduction(r);
  Context& c = me.contexts.back();
  if (Taskgroup* g = c.taskgroup; s.cancellation && g) {
    c.taskgroup = g->parent;
    delete g;
  }
}

void* __kmpc_task_allow_completion_event(ident_t*, int32_t, kmp_task_t* task) {
  TaskHeader* h = header_of(task);
  h->event = new Event;
  return h->event;
}

// Not an entry into the runtime: what it does natively (a few stores, 2-3
// ns a task) is part of the program's burst that creates the task, which
// an instrumented run's burst models then hold. As an entry, that work was
// in no burst and no runtime cost: simulated fine-grained task programs on
// one thread (n-queens, a Fibonacci at cut-off 0) came out 4 to 10 %
// shorter than with it. In a simulation, finding the caller's state is the
// simulator's work (bursts.hpp).
void hcc_omp_next_task(const hcc_omp_task_info* info, const hcc_omp_task_values* values) {
  const hcc::rt::SimulatorWork simulator;
  TaskAttributes& next = caller(state()).next_task;
  next.info = info;
  next.values.reset();
  if (!info || !values) return;
  if (!values->params && !values->has_priority && !values->mem_alloc && !values->mem_free && !values->cuda_args) return;
  auto v = std::make_unique<TaskValues>();
  if (values->params) v->params.assign(values->params, values->params + info->nparams);
  v->priority = values->priority;
  v->has_priority = values->has_priority != 0;
  v->mem_alloc = values->mem_alloc;
  v->mem_free = values->mem_free;
  if (values->cuda_args) {
    const auto* bytes = static_cast<const unsigned char*>(values->cuda_args);
    v->cuda_args.assign(bytes, bytes + values->cuda_args_size);
  }
  next.values = std::move(v);
}

void omp_fulfill_event(uintptr_t handle) {
  hcc::rt::RuntimeEntry entry("omp_fulfill_event");
  auto* e = reinterpret_cast<Event*>(handle);
  if (!e) return;
  State& s = state();
  s.rt.lock();
  hcc::rt::Task* t = e->task;
  const bool orphan = e->orphan;
  if (!t && !orphan) e->fulfilled = true;
  s.rt.unlock();
  if (t) s.rt.fulfill(t);
  if (t || orphan) delete e;
}

// taskloop: the pattern task is copied once per chunk of iterations; lb and
// ub point into it, at the same offsets in every copy.
void __kmpc_taskloop(ident_t* loc, int32_t, kmp_task_t* task, int32_t if_val, uint64_t* lb, uint64_t* ub, int64_t st,
                     int32_t nogroup, int32_t sched, uint64_t grainsize, void* task_dup) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  TaskHeader* h = header_of(task);
  const size_t lb_at = reinterpret_cast<char*>(lb) - reinterpret_cast<char*>(h);
  const size_t ub_at = reinterpret_cast<char*>(ub) - reinterpret_cast<char*>(h);
  const int64_t lower = static_cast<int64_t>(*lb), upper = static_cast<int64_t>(*ub);
  const uint64_t trip = trip_count<int64_t, int64_t>(lower, upper, st);
  uint64_t ntasks = 0;
  if (sched == 1) ntasks = grainsize > 0 ? trip / grainsize : trip;  // chunks of grainsize..2*grainsize-1
  else if (sched == 2) ntasks = grainsize;
  else ntasks = 10ull * static_cast<uint64_t>(std::max(1, h->team->nthreads));
  ntasks = std::max<uint64_t>(1, std::min(ntasks, trip));
  if (!nogroup) __kmpc_taskgroup(nullptr, 0);
  const uint64_t base = trip / ntasks, extra = trip % ntasks;
  uint64_t begin = 0;
  for (uint64_t i = 0; i < ntasks && trip > 0; ++i) {
    const uint64_t count = base + (i < extra ? 1 : 0);
    auto* copy = static_cast<TaskHeader*>(hcc::rt::cached_alloc(h->bytes));
    new (copy) TaskHeader(*h);
    std::memcpy(static_cast<void*>(copy + 1), h + 1, h->bytes - sizeof(TaskHeader));
    copy->host = nullptr;
    copy->event = nullptr;
    kmp_task_t* t = task_of(copy);
    if (task->shareds)
      t->shareds = reinterpret_cast<char*>(copy) + (static_cast<char*>(task->shareds) - reinterpret_cast<char*>(h));
    auto* clb = reinterpret_cast<uint64_t*>(reinterpret_cast<char*>(copy) + lb_at);
    auto* cub = reinterpret_cast<uint64_t*>(reinterpret_cast<char*>(copy) + ub_at);
    *clb = static_cast<uint64_t>(lower + static_cast<int64_t>(begin) * st);
    *cub = static_cast<uint64_t>(lower + static_cast<int64_t>(begin + count - 1) * st);
    if (task_dup) reinterpret_cast<kmp_task_dup_t>(task_dup)(t, task, i + 1 == ntasks);
    if (!if_val || runs_when_created(copy)) run_now(copy, loc ? loc->psource : nullptr);
    else submit(copy, nullptr, 0, loc ? loc->psource : nullptr);
    begin += count;
  }
  if (!nogroup) __kmpc_end_taskgroup(nullptr, 0);
  finish(h, false);  // the pattern never runs: its firstprivate copies are destroyed
}

void __kmpc_taskloop_5(ident_t* loc, int32_t gtid, kmp_task_t* task, int32_t if_val, uint64_t* lb, uint64_t* ub,
                       int64_t st, int32_t nogroup, int32_t sched, uint64_t grainsize, int32_t, void* task_dup) {
  __kmpc_taskloop(loc, gtid, task, if_val, lb, ub, st, nogroup, sched, grainsize, task_dup);
}

}  // extern "C"
