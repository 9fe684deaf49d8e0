// Measures this machine's CUDA GPUs for hcc-calibrate --platform: each GPU's
// host-to-device and device-to-host copy latency and bandwidth, and the
// aggregate bandwidth of all copies at once (whether they serialise).
#pragma once

#include <functional>
#include <string>

#include "hccmodels/platform.hpp"

namespace hcc::calibrate {

// Whether this hcc-calibrate was built with the CUDA runtime.
bool gpu_probe_built();

// Fills m.gpus and m.bus_bandwidth. Leaves them empty when this build has no
// CUDA support or the CUDA runtime finds no device (no driver, no GPU).
// say() gets one line per step. Throws std::runtime_error naming the CUDA
// call that failed on a device that exists.
void measure_gpus(models::MachineDescription& m, const std::function<void(const std::string&)>& say);

}  // namespace hcc::calibrate
