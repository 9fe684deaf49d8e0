// Prints the platform file hcc-calibrate --platform writes for a machine of
// 4 cores and 2 measured GPUs (runtime_costs.sh's sibling gpu_platform.sh
// simulates programs on it).
#include <cstdio>

#include "hccmodels/platform.hpp"

int main() {
  hcc::models::MachineDescription m;
  m.cores = 4;
  m.memory_bytes = 1ull << 34;
  m.gpus = {{"GPU A", 1ull << 30, 12e9, 1e-5, 13e9, 1.2e-5}, {"GPU B", 1ull << 30, 12e9, 1e-5, 13e9, 1.2e-5}};
  m.bus_bandwidth = 16e9;
  std::fputs(hcc::models::platform_xml(m).c_str(), stdout);
  return 0;
}
