// The simulated machine, read from a SimGrid platform file: which hosts are
// CPUs and GPUs, memory node capacities, the PCI paths between them and the
// runtime overheads. Fields are documented in docs/platforms.md.
#pragma once

#include <simgrid/s4u.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "backend.hpp"
#include "config.hpp"
#include "ranks.hpp"

namespace hcc::rt {

struct Path {
  double latency = 0;    // seconds
  double bandwidth = 0;  // bytes per second (the narrowest link)
  std::vector<simgrid::s4u::Link*> links;  // what concurrent transfers share
};

// Runtime operation costs in seconds (defaults: seed 000, Table 2).
struct RuntimeCosts {
  double device_alloc = 175e-6;          // cudaMalloc
  double device_free = 125e-6;           // cudaFree
  double pinned_alloc_per_mib = 650e-6;  // cudaHostAlloc, per MiB
  double transfer_queue = 10e-6;         // transfer request management
};

struct SimPlatform {
  Machine machine;
  std::vector<simgrid::s4u::Host*> node_hosts;  // host of each memory node
  std::vector<std::vector<Path>> paths;         // [src node][dst node]
  RuntimeCosts costs;
};

// Path of the platform file for a preset name or a file path. Throws
// std::runtime_error naming the presets for an unknown name.
std::string resolve_platform_file(const std::string& name_or_path);

// Reads the loaded platform: its host with hcc.kind=cpu and its GPUs.
// Throws std::runtime_error with a one-line reason.
SimPlatform describe_platform(const Config& config);
// The machine of one CPU host with these GPUs and CPU workers (default: a
// worker per core): a rank's node in a simulation with ranks.
SimPlatform describe_node(const Config& config, simgrid::s4u::Host* cpu, std::vector<simgrid::s4u::Host*> gpus,
                          std::optional<int> cpu_workers);

// SimGrid's host load plugin was started with the platform (load_platform):
// what each host computed so far can be asked (sim_clocks.cpp's clock()).
extern bool g_host_load_started;

// SimGrid aborts or crashes, rather than throwing, on some platforms it
// cannot use (a host with 0 cores, a GPU host with no route to the CPU). So
// a platform file is first loaded and described (describe: throws
// std::runtime_error with a reason) in a child process, whose failure
// becomes one line: nullopt when the file is usable, else why not. engine
// must not have loaded a platform yet.
std::optional<std::string> probe_platform(simgrid::s4u::Engine& engine, const std::string& file,
                                          const std::function<void()>& describe);
// Loads a preset or platform file once the probe found it usable; throws
// std::runtime_error("platform file '...': why").
void load_platform(simgrid::s4u::Engine& engine, const std::string& name_or_path,
                   const std::function<void()>& describe);

// Runs the program's main (which may be declared `int main(void)`) as the
// main of a rank: the rank's copies of the privatised variables are made
// first, the runtime starts before main and stops after it (so that
// programs that never call hcc_init, OpenMP programs, are simulated too).
// Returns main's status, 1 if the runtime did not start.
int run_main_in_rank(Rank& rank, int (*main_fn)(int, char**), int argc, char** argv);

// Runs main_fn as the application actor of a simulation (sim_main.cpp).
int run_simulation(int (*main_fn)(int, char**), int argc, char** argv);

}  // namespace hcc::rt
