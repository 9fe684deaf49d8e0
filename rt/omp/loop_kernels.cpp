#include "loop_kernels.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <set>
#include <string>

#include "bursts.hpp"
#include "cpu_clock.hpp"
#include "loop_nests.hpp"
#include "replayed_kernels.hpp"

namespace hcc::omp {
namespace {

// "loop:<file>:<line>", after the loop's directive.
std::string kernel_name(const ident_t* loc) {
  const std::string site = rt::openmp_site(loc ? loc->psource : nullptr);
  return "loop:" + (site.empty() ? std::string("?") : site);
}

// Once per process and loop, however many ranks meet it.
bool first_warning(const std::string& kernel) {
  static std::mutex mutex;
  static auto* warned = new std::set<std::string>;  // used until the process ends
  std::lock_guard<std::mutex> lock(mutex);
  return warned->insert(kernel).second;
}

// Loops marked #pragma hcc model, and loops whose stores steer the
// program's loops (hcc_loop_steers), both registered before main.
std::mutex marked_mutex;
std::set<std::string>& marked() {
  static auto* loops = new std::set<std::string>;  // used until the process ends
  return *loops;
}
bool any_marked = false;
std::set<std::string>& steering() {
  static auto* loops = new std::set<std::string>;  // used until the process ends
  return *loops;
}

bool listed(std::set<std::string>& (*loops)(), const std::string& kernel) {
  std::lock_guard<std::mutex> lock(marked_mutex);
  return loops().count(kernel) > 0;
}

// Whether the run records loops, models them, or scales their chunks: then
// each team thread keeps its loop's work per iteration (loop_begins).
bool loops_watched(const State& s) { return s.loops_recorded || s.loops_modelled || any_marked || s.loops_contended; }

// A chunk that runs in a simulation: its bursts are scaled by its loop's
// contention, when the instrumented runs measured the loop.
void contended_chunk(State& s, const ident_t* loc, uint64_t iterations, double work) {
  const State::ContendedLoop* loop = nullptr;
  {
    std::lock_guard<std::mutex> lock(s.contention_mutex);
    auto [it, added] = s.contention.try_emplace(loc);
    if (added) {
      it->second.kernel = kernel_name(loc);
      it->second.contention = s.rt.loop_contention(it->second.kernel);
    }
    loop = &it->second;  // std::map: stays where it is
  }
  if (loop->contention)
    rt::contended_chunk_begins(loop->contention,
                               s.rt.measured_loop_chunk(loop->kernel, *loop->contention, iterations, work));
}

}  // namespace

bool chunk_begins(State& s, const ident_t* loc, uint64_t iterations) {
  const bool simulated_marks = any_marked && s.rt.simulated();
  if (!s.loops_recorded && !s.loops_modelled && !simulated_marks) {
    if (s.loops_contended) contended_chunk(s, loc, iterations, caller(s).loop_work * static_cast<double>(iterations));
    return true;
  }
  Thread& me = caller(s);
  const double work = me.loop_work * static_cast<double>(iterations);
  rt::loop_chunk_runs(s.rt, true);  // unless charged from its model below
  if (s.loops_modelled || simulated_marks) {
    const std::string kernel = kernel_name(loc);
    const bool pragma = simulated_marks && listed(marked, kernel);  // #pragma hcc model
    if (!pragma && (!s.loops_modelled || listed(steering, kernel))) {
      if (s.loops_contended) contended_chunk(s, loc, iterations, work);
      return true;
    }
    if (const std::optional<double> seconds = s.rt.loop_model(kernel, iterations, work)) {
      const double start = s.rt.time();
      s.rt.charge_seconds(*seconds);
      // A chunk that runs shows as the CPU burst that its end closes.
      s.rt.record_program_code(kernel, start, s.rt.time(), *seconds, iterations);
      hcc::rt::note_replayed_kernel(kernel.c_str());
      rt::loop_chunk_runs(s.rt, false);
      return false;
    }
    if (first_warning(kernel))
      std::fprintf(stderr, "hccsim: no model for loop '%s' in '%s': its chunks run and are timed\n", kernel.c_str(),
                   s.rt.config().model_dir.c_str());
    return true;
  }
  // A fine-grained loop's chunks are timed one in kSamplePeriod
  // (rt/core/instrument_sampling.hpp), each standing for that many.
  me.chunk_weight = s.rt.run_weight_of(loc);
  if (me.chunk_weight == 0) return true;
  me.chunk_loc = loc;
  me.chunk_iterations = iterations;
  // The CPU clock (a system call) before the monotonic one, so that a short
  // chunk's interval does not hold it (chunk_ends).
  me.chunk_cpu = me.long_chunks ? s.rt.thread_cpu_time() : -1;
  me.chunk_start = s.rt.time();
  return true;
}

void chunk_ends(State& s) {
  if (s.loops_contended) rt::contended_chunk_ends();
  if (s.loops_recorded || s.loops_modelled || any_marked) rt::loop_chunk_runs(s.rt, false);  // as chunk_begins set it
  if (!s.loops_recorded) return;
  Thread& me = caller(s);
  if (!me.chunk_loc) return;
  // A chunk's time less its clocks' reads: a long one's on the thread's CPU
  // clock (what it computed, not the time its thread was preempted), a
  // short one's on the monotonic clock, as the runtime times kernels
  // (rt/core/kernels.cpp). Both on the CPU clock, its read's 0.5 us was in
  // every chunk: a 4,096-double loop's chunks at 2 threads, 0.55 us each,
  // were modelled 1.13 us.
  const double end = s.rt.time();
  const double wall = std::max(0.0, end - me.chunk_start - rt::clock_overhead(rt::Clock::Monotonic));
  const double seconds =
      me.chunk_cpu >= 0
          ? std::max(0.0, s.rt.thread_cpu_time() - me.chunk_cpu - rt::clock_overhead(rt::Clock::ThreadCpu))
          : wall;
  me.long_chunks = wall >= rt::kShortInterval;
  s.rt.timed_run_of(me.chunk_loc, s.rt.self_worker(), seconds);
  s.rt.record_loop_chunk(kernel_name(me.chunk_loc), me.chunk_start, end, seconds, me.chunk_iterations,
                         me.loop_work * static_cast<double>(me.chunk_iterations), me.chunk_weight);
  me.chunk_loc = nullptr;
}

// Told to the thread itself (an `omp for` in a region: every team thread
// called hcc_loop_work), else to the team (a combined `parallel for`: its
// encountering thread was, before the fork).
void loop_begins(State& s) {
  if (!loops_watched(s)) return;
  Thread& me = caller(s);
  me.loop_work = me.next_loop_work > 0 ? me.next_loop_work : context(s).team->loop_work;
  me.next_loop_work = 0;
}

}  // namespace hcc::omp

extern "C" void hcc_loop_work(double per_iteration) {
  hcc::omp::State& s = hcc::omp::state();
  if (!hcc::omp::loops_watched(s)) return;
  hcc::omp::caller(s).next_loop_work = per_iteration > 0 && std::isfinite(per_iteration) ? per_iteration : 0;
}

extern "C" void hcc_loop_steers(const char* loop) {
  if (!loop) return;
  std::lock_guard<std::mutex> lock(hcc::omp::marked_mutex);
  hcc::omp::steering().insert(loop);
}

extern "C" void hcc_loop_modelled(const char* loop) {
  if (!loop) return;
  std::lock_guard<std::mutex> lock(hcc::omp::marked_mutex);
  hcc::omp::marked().insert(loop);
  hcc::omp::any_marked = true;
}
