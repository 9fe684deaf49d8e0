// hccmodels: describing this machine as a SimGrid platform file for hccsim
// (docs/platforms.md), written by `hcc-calibrate --platform`
// (docs/calibration.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace hcc::models {

struct MachineDescription {
  unsigned cores = 1;             // CPU workers (host core="...")
  std::uint64_t memory_bytes = 0; // main memory (hcc.memory); 0: unlimited
  double memcpy_bytes_per_s = 0;  // measured main-memory copy bandwidth; 0: not measured
};

// Number of hardware threads (std::thread::hardware_concurrency(), at least 1).
unsigned detect_cores();

// Physical memory in bytes (sysconf(_SC_PHYS_PAGES) * sysconf(_SC_PAGESIZE)),
// 0 when unknown.
std::uint64_t detect_memory_bytes();

// Best of `repeats` memcpy's of a `bytes` buffer (both buffers touched
// first), in bytes copied per second. Throws std::bad_alloc when the buffers
// cannot be allocated.
double measure_memcpy_bandwidth(std::size_t bytes = std::size_t{256} << 20, int repeats = 5);

// Number of CUDA devices usable for measuring. This build has no CUDA
// support, so it is always 0 (and no GPU hosts are written).
int cuda_device_count();

// The SimGrid platform XML (version 4.1) of a machine with no GPU: one host
// "CPU" with hcc.kind=cpu, core=cores, hcc.memory=memory_bytes (omitted when
// 0) and, when measured, the informational property hcc.memcpy_bandwidth
// (bytes/s; hccsim does not read it). Throws std::invalid_argument when
// cores is 0.
std::string platform_xml(const MachineDescription& m);

}  // namespace hcc::models
