// hccmodels: describing this machine as a SimGrid platform file for hccsim
// (docs/platforms.md), written by `hcc-calibrate --platform`
// (docs/calibration.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hcc::models {

// One GPU and its links to main memory, as measured by hcc-calibrate
// --platform (models/tools/gpu_probe.cpp): copies of pinned host memory.
struct GpuDescription {
  std::string name;                // device name (a comment in the file)
  std::uint64_t memory_bytes = 0;  // device memory (hcc.memory)
  double up_bandwidth = 0;         // host to device, bytes/s
  double up_latency = 0;           // seconds
  double down_bandwidth = 0;       // device to host, bytes/s
  double down_latency = 0;         // seconds
  // The runtime's costs on this GPU (seed 000 Table 2), seconds; negative:
  // not measured (the simulator's defaults apply).
  double alloc_cost = -1;          // cudaMalloc of a datum (hcc.alloc_cost)
  double free_cost = -1;           // cudaFree (hcc.free_cost)
};

struct MachineDescription {
  unsigned cores = 1;             // CPU workers (host core="...")
  std::uint64_t memory_bytes = 0; // main memory (hcc.memory); 0: unlimited
  double memcpy_bytes_per_s = 0;  // measured main-memory copy bandwidth; 0: not measured
  std::vector<GpuDescription> gpus;
  // Aggregate bandwidth of host<->GPU copies in both directions to every GPU
  // at once (bytes/s): the bus link that all copies share (seed 000 Fig.
  // 3(b)). When it is no larger than one copy's bandwidth, copies serialise.
  double bus_bandwidth = 0;
  // Page-locking host memory, seconds per MiB (hcc.pinned_alloc_per_mib),
  // and the cost of queueing a copy and waiting for its event beyond the
  // copy itself (hcc.transfer_queue_cost); negative: not measured.
  double pin_per_mib = -1;
  double transfer_queue = -1;
  // How fast each core runs code relative to CPU reference_cpu (the first
  // the process may use), when they differ (hcc.core_speed_factors,
  // hcc.simulate_on_cpu); empty: equally fast.
  std::vector<double> core_speed_factors;
  int reference_cpu = 0;
  // What a cache line's move between two cores costs the one that takes it
  // (hcc.line_transfer, seconds); 0: not measured.
  double line_transfer_seconds = 0;
};

// Number of hardware threads (std::thread::hardware_concurrency(), at least 1).
unsigned detect_cores();

// How fast each of the first `cores` CPUs this process may use runs the
// same computation, relative to the first: the calling thread bound to each
// in turn, rounds times, the best time of each. Empty when fewer CPUs may
// be used or one cannot be bound to; cpus gets their numbers.
std::vector<double> measure_cpu_speeds(unsigned cores, int rounds, std::vector<int>& cpus);

// What a cache line's move from one core to another costs, in seconds: two
// threads on the first two CPUs this process may use increment one counter
// in turn (two moves a turn), against one thread alone; the best of `rounds`. -1 when fewer
// than two CPUs may be used or a thread cannot be bound.
double measure_line_transfer(int rounds = 5);

// Physical memory in bytes (sysconf(_SC_PHYS_PAGES) * sysconf(_SC_PAGESIZE)),
// 0 when unknown.
std::uint64_t detect_memory_bytes();

// Best of `repeats` memcpy's of a `bytes` buffer (both buffers touched
// first), in bytes copied per second. Throws std::bad_alloc when the buffers
// cannot be allocated.
double measure_memcpy_bandwidth(std::size_t bytes = std::size_t{256} << 20, int repeats = 5);

// The SimGrid platform XML (version 4.1) of a machine: one host "CPU" with
// hcc.kind=cpu, core=cores, hcc.memory=memory_bytes (omitted when 0) and,
// when measured, the informational property hcc.memcpy_bandwidth (bytes/s;
// hccsim does not read it). Each GPU i is a host "CUDA<i>" (hcc.kind=gpu,
// hcc.memory) with an up link (host to device) and a down link, and every
// route also crosses the link "bus" of bus_bandwidth (seed 000 Fig. 3(b),
// docs/platforms.md). Throws std::invalid_argument when cores is 0, or when
// there are GPUs and a bandwidth is not positive or a latency is negative.
std::string platform_xml(const MachineDescription& m);

}  // namespace hcc::models
