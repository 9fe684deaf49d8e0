// Loop nests of the program's own code as kernels (seed 001's and 003's
// models, for code written neither as tasks nor as worksharing loops): the
// rewriter (rewriter/lib/LoopNests.cpp) wraps each outermost loop nest that
// calls nothing but code it can skip in hcc_loop_enter / hcc_loop_leave.
//
// Instrumented: each run of a nest that is not inside another's is timed on
// the thread's CPU clock and recorded as a run of kernel "loop:<file>:<line>"
// with parameter `work` (or `iterations`), as worksharing loop chunks are
// (rt/omp/loop_kernels.hpp); hcc-calibrate fits it.
// Simulated with HCC_SIM_LOOPS=model, or a nest marked #pragma hcc model:
// the nest is charged its model and not run (the burst before it ends
// there), which is what makes such a simulation cheaper than the run it
// predicts. Otherwise the nest runs, inside the thread's CPU burst
// (bursts.hpp), and costs a test (hcc_loop_nests_skip).
//
// A simulation that runs a nest with the instrumented runs' models scales
// its bursts by the nest's contention (loop_contention.hpp), as it scales a
// worksharing loop's chunks: a rank's sweep between two MPI calls ran alone
// here, where natively the node's ranks share its memory.
//
// A nest that runs inside a task's body or a worksharing loop's chunk is
// part of that kernel, neither recorded nor modelled on its own: a k-means
// whose parallel loop calls a 30 ns nest per point ran 46 times slower
// instrumented, writing 25.8 M rows, and a simulation would have charged a
// model at each call. A nest found fine-grained (instrument_sampling.hpp)
// is timed one run in 64, its observation standing for 64.
#include <cstdio>
#include <cstring>
#include <mutex>
#include <optional>
#include <set>
#include <string>

#include "loop_nests.hpp"

#include "bursts.hpp"
#include "cpu_clock.hpp"
#include "hcc/hcc.h"
#include "replayed_kernels.hpp"
#include "runtime.hpp"

namespace hcc::rt {
namespace {

// The calling thread's recorded nest in progress (instrumented runs), and
// how deep it is in nests: one inside a recorded one is its time, not a run
// of its own.
struct NestRun {
  int depth = 0;
  uint32_t weight = 0;  // the runs its observation stands for (Runtime::run_weight_of); 0: not timed
  double iterations = 0, work = 0;
  double start = 0, cpu = 0;
};
thread_local NestRun nest_run;

// Once per process and nest, however many ranks meet it.
bool first_warning(const std::string& kernel) {
  static std::mutex mutex;
  static auto* warned = new std::set<std::string>;  // used until the process ends
  std::lock_guard<std::mutex> lock(mutex);
  return warned->insert(kernel).second;
}

uint64_t count(double iterations) { return iterations > 0 ? static_cast<uint64_t>(iterations) : 1; }

// "loop:file.c:12", or "loop:?" for a site without one.
const char* name_of(const hcc_loop_site* site) { return site->name ? site->name : "loop:?"; }

// Only nests that the instrumented runs measured this long have their
// bursts scaled: each then costs the simulation two events (a nest called
// per point would make millions), and a burst under kShortInterval is
// charged from the native run's own samples anyway (burst_models.hpp).
constexpr double kContendedNest = 1e-4;

// A nest that runs in a simulation scaling contention: the contention its
// bursts are scaled by from here to hcc_loop_leave (chunk: what the
// instrumented runs measured at its footprint), or null to run it inside
// the thread's burst.
LoopContention* contention_of(Runtime& rt, hcc_loop_site* site, double iterations, double work, MeasuredChunk& chunk) {
  if (enters_within_contended_nest()) return nullptr;
  const std::string name = name_of(site);
  LoopContention* contention = rt.loop_contention(name);
  if (!contention || rt.longest_loop_mean(name) < kContendedNest) {
    site->skipped = 1;  // never measured that long: a test from now on (hcc.h)
    return nullptr;
  }
  chunk = rt.measured_loop_chunk(name, *contention, count(iterations), work);
  // A footprint the instrumented runs did not measure: the nest's contention so far.
  return (chunk.mean >= 0 ? chunk.mean >= kContendedNest : contention->measured_any()) ? contention : nullptr;
}

// "file.c:12" of "loop:file.c:12": the entry that ends a burst there.
const char* entry_of(const char* name) { return std::strncmp(name, "loop:", 5) == 0 ? name + 5 : name; }

}  // namespace

// hcc_loop_nests_skip's reasons, one bit each.
constexpr int kNotWatched = 1, kInChunk = 2;

void loop_chunk_runs(Runtime& rt, bool runs) {
  rt.set_in_loop_chunk(runs);
  if (!rt.simulated()) hcc_loop_nests_skip = runs ? hcc_loop_nests_skip | kInChunk : hcc_loop_nests_skip & ~kInChunk;
}

}  // namespace hcc::rt

extern "C" {

__thread int hcc_loop_nests_skip = 0;

int hcc_loop_enter(hcc_loop_site* site, double iterations, double work) {
  using namespace hcc::rt;
  Runtime& rt = runtime_on_demand();
  const bool records = !rt.simulated() && rt.mode() == HCC_MODE_INSTRUMENT;
  const bool models = rt.simulated() && rt.config().sim_loops == "model";
  const bool contended = !models && rt.scales_loop_contention();
  if (!records && !models && !contended) hcc_loop_nests_skip |= kNotWatched;
  // Inside a kernel: its part. Recorded there, a nest in a task's body would
  // also make rows whose number each worker gets varies from run to run.
  if ((!records && !models && !contended && !(rt.simulated() && site->modelled)) || rt.in_loop_chunk() ||
      rt.in_task_body())
    return 1;
  if (contended && !site->modelled) {
    MeasuredChunk chunk;
    if (LoopContention* contention = contention_of(rt, site, iterations, work, chunk)) {
      RuntimeEntry entry(entry_of(name_of(site)));  // the burst before the nest ends here
      contended_chunk_begins(contention, chunk);
    }
    return 1;
  }
  if (records) {
    if (nest_run.depth++ > 0) return 1;
    nest_run.weight = rt.run_weight_of(site);
    if (nest_run.weight == 0) return 1;
    clock_overhead(Clock::ThreadCpu);  // measured once, before the first
    nest_run.iterations = iterations;
    nest_run.work = work;
    nest_run.start = rt.time();
    nest_run.cpu = clock_seconds(Clock::ThreadCpu);
    return 1;
  }
  const char* name = name_of(site);
  const std::optional<double> seconds = rt.loop_model(name, count(iterations), work);
  if (!seconds) {
    if (first_warning(name))
      std::fprintf(stderr, "hccsim: no model for loop '%s' in '%s': it runs and is timed\n", name,
                   rt.config().model_dir.c_str());
    return 1;
  }
  // The burst before the nest ends here ("burst:<file>:<line>").
  RuntimeEntry entry(entry_of(name));
  const double start = rt.time();
  rt.charge_seconds(*seconds);
  rt.record_program_code(name, start, rt.time(), *seconds, count(iterations));
  note_replayed_kernel(name, count(iterations) <= 1 && work <= 0);  // bounds the compiler could not count
  return 0;
}

void hcc_loop_leave(hcc_loop_site* site) {
  using namespace hcc::rt;
  if (bursts_charged()) {  // a simulation: the nest's bursts end here if they are scaled
    Runtime& rt = runtime_on_demand();
    if (rt.in_loop_chunk() || rt.in_task_body() || !leaves_contended_nest()) return;
    RuntimeEntry entry(entry_of(name_of(site)));
    contended_chunk_ends();
    return;
  }
  if (nest_run.depth == 0 || --nest_run.depth > 0 || nest_run.weight == 0) return;
  Runtime& rt = runtime_on_demand();
  const double cpu = clock_seconds(Clock::ThreadCpu) - nest_run.cpu - clock_overhead(Clock::ThreadCpu);
  rt.timed_run_of(site, rt.self_worker(), cpu);
  rt.record_loop_chunk(name_of(site), nest_run.start, rt.time(), cpu > 0 ? cpu : 0,
                       count(nest_run.iterations), nest_run.work, nest_run.weight);
}

}  // extern "C"
