// The simulated machine, read from a SimGrid platform file: which hosts are
// CPUs and GPUs, memory node capacities, the PCI paths between them and the
// runtime overheads. Fields are documented in docs/platforms.md.
#pragma once

#include <simgrid/s4u.hpp>

#include <optional>
#include <string>
#include <vector>

#include "backend.hpp"
#include "config.hpp"

namespace hcc::rt {

struct Path {
  double latency = 0;    // seconds
  double bandwidth = 0;  // bytes per second (the narrowest link)
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

// Reads the loaded platform. Throws std::runtime_error with a one-line reason.
SimPlatform describe_platform(const Config& config);

// SimGrid aborts or crashes, rather than throwing, on some platforms it
// cannot use (a host with 0 cores, a GPU host with no route to the CPU). So
// a platform file is first loaded and described (describe_platform) in a
// child process, whose failure becomes one line: nullopt when the file is
// usable, else why not. engine must not have loaded a platform yet.
std::optional<std::string> probe_platform(simgrid::s4u::Engine& engine, const std::string& file,
                                          const Config& config);

// Runs main_fn as the application actor of a simulation (sim_main.cpp).
int run_simulation(int (*main_fn)(int, char**), int argc, char** argv);

}  // namespace hcc::rt
