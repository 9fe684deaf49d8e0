// hcc_submit: checks a task description, fills in a task and hands it to
// dependency inference. Runs on the submitting thread, without the control
// lock, so that submitters only meet workers on the handles they share.
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#include "runtime.hpp"
#include "runtime_costs.hpp"

namespace hcc::rt {
namespace {

bool has_repeated_handle(const SmallVector<Access, 4>& accesses) {
  for (size_t i = 1; i < accesses.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (accesses[i].handle == accesses[j].handle) return true;
  return false;
}

// Accesses of one task to the same handle count once for dependencies, with
// the union of their modes. Empty when the task has no repeated handle (the
// common case, which then needs no copy).
std::vector<Access> merged_if_repeated(const SmallVector<Access, 4>& accesses) {
  if (!has_repeated_handle(accesses)) return {};
  std::vector<Access> merged;
  for (const Access& a : accesses) {
    auto it = std::find_if(merged.begin(), merged.end(),
                           [&](const Access& m) { return m.handle == a.handle; });
    if (it == merged.end()) merged.push_back(a);
    else if (it->mode != a.mode) it->mode = HCC_RW;
  }
  return merged;
}

}  // namespace

void Runtime::submit(const hcc_task_desc& d) { submit(d, TaskOptions{}); }

Task* Runtime::submit(const hcc_task_desc& d, const TaskOptions& options) {
  const int self = options.self ? *options.self : backend_->self_worker();
  // runtime_costs.hpp; the layer above may have read it already (begun_at),
  // or chosen not to time this submission (instrument_sampling.hpp).
  double begun_at = options.begun_at;
  if (measure_costs_ && begun_at == TaskOptions::kBeginAtSubmit)
    begun_at = times_event() ? backend_->wallclock() : TaskOptions::kNotTimed;
  const hcc_codelet* cl = d.codelet;
  if (!cl || !cl->name) throw std::invalid_argument("hcc_submit: task without a named codelet");
  if (!cl->cpu && !cl->cuda)
    throw std::invalid_argument(std::string("hcc_submit: codelet '") + cl->name +
                                "' has neither a cpu nor a cuda implementation");
  if (d.naccesses < 0 || (d.naccesses > 0 && !d.accesses))
    throw std::invalid_argument(std::string("hcc_submit: codelet '") + cl->name + "': bad access list");
  for (int i = 0; i < d.naccesses; ++i) {
    int m = d.accesses[i].mode;
    if (!d.accesses[i].handle)
      throw std::invalid_argument(std::string("hcc_submit: codelet '") + cl->name + "': access " +
                                  std::to_string(i) + " has no handle");
    if (m != HCC_R && m != HCC_W && m != HCC_RW && m != HCC_INOUTSET && m != HCC_COMMUTE)
      throw std::invalid_argument(std::string("hcc_submit: codelet '") + cl->name + "': access " +
                                  std::to_string(i) + " has invalid mode " + std::to_string(m));
  }
  if (d.nparams < 0 || (d.nparams > 0 && !d.params))
    throw std::invalid_argument(std::string("hcc_submit: codelet '") + cl->name + "': bad parameter list");

  if (!(cl->cpu && has_cpu_workers_) && !(cl->cuda && has_cuda_workers_))
    throw std::invalid_argument(std::string("hcc_submit: no worker of this machine can run codelet '") +
                                cl->name + "'");

  Task* t = options.reserved ? options.reserved : new_task(self);
  if (options.reserved) t->reset();
  t->codelet = cl;
  t->priority = d.priority;
  if (d.arg_size > sizeof t->inline_arg) {
    t->arg = std::malloc(d.arg_size);
    std::memcpy(t->arg, d.arg, d.arg_size);
    t->owns_arg = true;
  } else if (d.arg_size > 0) {
    std::memcpy(t->inline_arg, d.arg, d.arg_size);
    t->arg = t->inline_arg;
  } else {
    t->arg = d.arg;
  }
  for (int i = 0; i < d.naccesses; ++i) {
    Access a{reinterpret_cast<Handle*>(d.accesses[i].handle), d.accesses[i].mode};
    t->accesses.push_back(a);
    if (reads(a.mode)) t->bytes_in += a.handle->size;
    if (writes(a.mode)) t->bytes_out += a.handle->size;
    if (exclusive(a.mode)) t->has_commute = true;
    if (!a.handle->sibling_scoped) t->program_wide_deps = true;
  }
  if (keep_params_ && d.params && d.nparams > 0) t->params.assign(d.params, d.params + d.nparams);
  t->mem_alloc = d.mem_alloc;
  t->mem_free = d.mem_free;
  // A tenth of a small task's submission: only where something reads it.
  if (keep_params_)
    t->footprint = !t->params.empty() && keyed_by_work(*cl) ? work_footprint(t->params[0])
                                                            : footprint_of(t->accesses.begin(), t->accesses.end());
  else
    t->footprint = 0;
  if (d.naccesses > 1) t->merged = merged_if_repeated(t->accesses);
  t->group = reinterpret_cast<Group*>(d.group);
  t->region = options.region;
  t->pinned_worker = options.pinned_worker;
  t->implicit = options.implicit;
  t->detached = options.detached;
  t->finished = options.finished;
  // An implicit task is no kernel's run: timing it was instrumentation's
  // own work inside what hcc.implicit measures.
  t->weight = options.implicit ? 0 : static_cast<uint8_t>(run_weight_of(cl));

  // A simulation charges the submission before the task is in a queue,
  // where natively most of its work comes: charged after it, the task
  // waited there that much longer for another worker to take it, and idle
  // workers took the tasks that a native creator takes back at its taskwait
  // (a tree search, bench/fine_tasks/uts.c: 257,000-287,000 stolen, then
  // 90,000-100,000, natively 4,400-6,500; hcc.scan does the rest).
  backend_->compute(submit_cost_);
  // May block the application (HCC_MAX_SUBMITTED): then not a cost (kLongestCost).
  const bool left_to_submitter = enqueue(t, self, options.id, options.throttle);
  if (measure_costs_ && begun_at >= 0)
    if (const double cost = cost_since(begun_at); cost >= 0)
      record_cost(kSubmitCost, kCpuArch, cost + options.before_seconds);
  if (options.throttle) return left_to_submitter ? t : nullptr;
  return t;
}

// Numbers a filled-in task, places it in its groups and the task graph, and
// makes it ready when it depends on nothing.
bool Runtime::enqueue(Task* t, int self, std::optional<uint64_t> id, bool throttle) {
  if (config_.max_submitted > 0 && self < 0 && inflight_.load() - credit_of(self) >= config_.max_submitted)
    block_until([this] { return inflight_.load() <= resume_submitting_; }, true);  // returns the credit first
  t->id.store(id ? *id : next_task_id_.fetch_add(1, std::memory_order_relaxed), std::memory_order_relaxed);
  if (keep_records_ && t->timed()) t->submit_time = backend_->now();  // a clock read costs as much as a small task
  Task* parent = self >= 0 ? workers_[self].current.load(std::memory_order_relaxed) : nullptr;
  t->parent.store(parent, std::memory_order_relaxed);
  count_creation(self);
  if (parent && !parent->implicit && config_.inline_short_tasks) short_tasks_.creates_tasks(parent->codelet);
  link_ancestry(*t, parent);
  // An explicit group, else the taskgroup open where it is submitted, else
  // the submitting task's group, unless that task is implicit: the group of
  // an OpenMP region's implicit tasks counts them alone (their explicit
  // tasks end before them, at the region's barriers).
  Group* open = parent ? parent->taskgroup : app_taskgroup_;  // no parent: the program's thread
  if (!t->group) t->group = open ? open : (parent && !parent->implicit ? parent->group : nullptr);
  if (t->group) t->group->pending.fetch_add(1);
  if (!t->region && parent) t->region = parent->region;
  // A child of an implicit task counts in that task's pending_children, which
  // the region's barrier waits for, unless the submitter named another
  // region (a team of one nested in the implicit task, rt/omp).
  t->counted_in_region =
      t->region && !t->implicit && !(parent && parent->implicit && t->region == parent->region);
  if (t->counted_in_region) count_in_region(*t, parent);
  if (parent) count_child(parent);
  count_submission(self);
  // Predecessors that complete while the dependencies are put in place count
  // down from a bias that they cannot exhaust; the bias, less the
  // predecessors found, is taken off at the end. Without predecessors no
  // other thread counts.
  constexpr int kBias = 1 << 30;
  t->pending_deps.store(kBias, std::memory_order_relaxed);
  const int unfinished = add_dependencies(t);
  if (unfinished == 0) t->pending_deps.store(0, std::memory_order_relaxed);
  else if (t->pending_deps.fetch_sub(kBias - unfinished, std::memory_order_acq_rel) != kBias - unfinished)
    return false;
  // Ready now: it had no unfinished predecessor, or they completed meanwhile.
  t->ready_at_submission = true;
  // Task throttling, as libomp's: a worker whose own queue is full runs the
  // task it creates. A task tree that its creating thread unfolds faster
  // than the others steal from it (a search thousands of levels deep) then
  // keeps them stealing from a full queue while the creator runs on, each
  // task of its own no longer passing through a queue line that a thief
  // holds (bench/deep_tasks.py). The same in simulation, where queues fill
  // as natively.
  if (throttle && self >= 0 && self < nworkers_ && config_.task_throttle > 0 &&
      scheduler_->queued(self) >= config_.task_throttle && can_take(*t, self)) {
    t->ready_by = self;
    return true;
  }
  make_ready(t, self);
  return false;
}

}  // namespace hcc::rt
