// Runtime configuration, read once from HCC_* environment variables
// (documented in docs/configuration.md).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>
#include <string>

namespace hcc::rt {

// Workers are threads natively and actors with their own stacks in a
// simulation: far more than any machine's cores is a mistake, not a request
// (100000 threads exhaust the process; a team may still ask for fewer).
inline constexpr int kMaxWorkers = 1024;

struct Config {
  // HCC_WORKERS: CPU workers (default: all cores); 0 with GPUs: one
  // control-only CPU worker (WorkerDesc::control_only).
  std::optional<int> workers;
  std::optional<int> omp_num_threads;  // OMP_NUM_THREADS: native CPU workers without HCC_WORKERS
  std::vector<int> omp_nested_threads;  // OMP_NUM_THREADS=a,b,c: b, c, the team sizes of nested levels
  // OMP_THREAD_LIMIT: the most threads an OpenMP team (and the workers
  // added for teams beyond the CPU workers, Runtime::add_team_worker) may
  // have; unset: kMaxWorkers.
  std::optional<int> thread_limit;
  std::optional<int> gpus;       // HCC_GPUS: GPU workers (default: all GPUs)
  std::optional<uint64_t> gpu_memory;  // HCC_GPU_MEMORY: bytes per GPU for data (native; default: the device's)
  bool pin_host_data = false;    // HCC_PIN=1: page-lock data on their first copy to a GPU (native)
  std::string scheduler = "lws";    // HCC_SCHED: eager | lws | prio | dmda | dmdas (see docs/configuration.md)
  std::string platform = "laptop";  // HCC_PLATFORM: preset name or SimGrid XML path
  std::string model_dir = "hcc-models";  // HCC_MODEL_DIR
  std::string records;           // HCC_RECORDS: per-task CSV
  std::string trace_paje;        // HCC_TRACE_PAJE
  std::string trace_chrome;      // HCC_TRACE_CHROME
  std::string memory_csv;        // HCC_MEMORY_CSV
  uint64_t seed = 0;             // HCC_SEED: histogram sampling
  std::string sim_model = "mean";  // HCC_SIM_MODEL: mean | histogram
  int calibrate_runs = 3;        // HCC_SIM_CALIBRATE_RUNS
  double calibrate_precision = 0.05;  // HCC_SIM_CALIBRATE_PRECISION: the timed runs' mean's relative standard error
  int max_submitted = 0;         // HCC_MAX_SUBMITTED: 0 = unbounded
  // A worker whose own ready queue holds this many tasks runs the next
  // OpenMP task it creates at once, as libomp does when a thread's deque
  // (256 tasks) is full: a creating thread that outruns the thieves stops
  // filling its queue. HCC_TASK_THROTTLE; 0 (or libomp's
  // KMP_ENABLE_TASK_THROTTLING=0) turns it off.
  size_t task_throttle = 256;
  // HCC_INLINE_TASKS=0: OpenMP tasks that are short (short_tasks.hpp) are
  // deferred as the others, not run on their creating thread.
  bool inline_short_tasks = true;
  bool bind_workers = true;      // HCC_BIND: 0 leaves native CPU workers unbound
  // Seconds an idle worker looks for work before it parks (infinity: it
  // never parks), as libomp's blocktime: KMP_BLOCKTIME, else
  // OMP_WAIT_POLICY (active: infinity, passive: 0), else libomp's 200 ms.
  // Waking a parked thread costs tens of microseconds; a program whose
  // regions are separated by short sequential parts paid it twice a region.
  // Simulations charge a worker's wake-up latency only after a park longer
  // than this.
  double idle_looking = 0.2;
  // Natively, the thread that starts the runtime is CPU worker 0 (as
  // libomp's initial thread is thread 0 of every team): it runs tasks while
  // it waits, and no worker thread of its own competes with it for a core.
  // Set for runtimes started on demand (the program's first OpenMP call),
  // not by hcc_init, whose callers submit tasks while they compute.
  bool program_thread_works = false;
  bool sampling = true;          // HCC_SAMPLING: 0 runs every sampled burst in simulation (the reference)
  // HCC_SIM_BURSTS=off: a simulation charges nothing for the program's own
  // code between entries into the runtime (rt/program/bursts.hpp), only tasks.
  bool sim_bursts = true;
  // HCC_SIM_LOOPS=model: a simulation charges the model of each worksharing
  // loop chunk that has one instead of running it (rt/omp/loop_kernels.hpp);
  // run (the default) runs them all.
  std::string sim_loops = "run";
  // HCC_SPLIT: the GPUs' share of every split loop (hcc_split_for) forced:
  // "cpu", "gpu" or a fraction in [0, 1]; empty: from history.
  std::string split;
  bool instrument = false;       // HCC_MODE=instrument (native runtime only)
  // HCC_INSTRUMENT_SAMPLING=auto (true): instrumented runs time a sample of
  // fine-grained events (rt/core/instrument_sampling.hpp); all: every one.
  bool instrument_sampling = true;
};

// Throws std::runtime_error("HCC_X=value: why") for a malformed value.
Config config_from_environment();

// A size in bytes with an optional K, M or G (binary) suffix ("512M");
// nullopt when text is not one.
std::optional<uint64_t> parse_size(const char* text);

}  // namespace hcc::rt
