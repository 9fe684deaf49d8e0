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
// (bursts.hpp), and these calls cost a test.
#include <cstdio>
#include <mutex>
#include <optional>
#include <set>
#include <string>

#include "bursts.hpp"
#include "cpu_clock.hpp"
#include "hcc/hcc.h"
#include "runtime.hpp"

namespace hcc::rt {
namespace {

// The calling thread's recorded nest in progress (instrumented runs), and
// how deep it is in nests: one inside a recorded one is its time, not a run
// of its own.
struct NestRun {
  int depth = 0;
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

}  // namespace
}  // namespace hcc::rt

extern "C" {

int hcc_loop_enter(hcc_loop_site* site, double iterations, double work) {
  using namespace hcc::rt;
  Runtime& rt = runtime_on_demand();
  if (!rt.simulated()) {
    // A nest in a task's body is part of that kernel's time: recorded there,
    // it would make rows whose number each worker gets varies from run to run.
    if (rt.mode() != HCC_MODE_INSTRUMENT || rt.in_task_body() || nest_run.depth++ > 0) return 1;
    clock_overhead(Clock::ThreadCpu);  // measured once, before the first
    nest_run.iterations = iterations;
    nest_run.work = work;
    nest_run.start = rt.time();
    nest_run.cpu = clock_seconds(Clock::ThreadCpu);
    return 1;
  }
  if (!site->modelled && rt.config().sim_loops != "model") return 1;
  const char* name = site->name ? site->name : "loop:?";
  const std::optional<double> seconds = rt.loop_model(name, count(iterations), work);
  if (!seconds) {
    if (first_warning(name))
      std::fprintf(stderr, "hccsim: no model for loop '%s' in '%s': it runs and is timed\n", name,
                   rt.config().model_dir.c_str());
    return 1;
  }
  // The burst before the nest ends here ("burst:<file>:<line>").
  RuntimeEntry entry(std::string(name).rfind("loop:", 0) == 0 ? name + 5 : name);
  const double start = rt.time();
  rt.charge_seconds(*seconds);
  rt.record_program_code(name, start, rt.time(), *seconds, count(iterations));
  return 0;
}

void hcc_loop_leave(hcc_loop_site* site) {
  using namespace hcc::rt;
  if (nest_run.depth == 0 || --nest_run.depth > 0) return;
  Runtime& rt = runtime_on_demand();
  const double cpu = clock_seconds(Clock::ThreadCpu) - nest_run.cpu - clock_overhead(Clock::ThreadCpu);
  rt.record_loop_chunk(site->name ? site->name : "loop:?", nest_run.start, rt.time(), cpu > 0 ? cpu : 0,
                       count(nest_run.iterations), nest_run.work);
}

}  // extern "C"
