// hcc-calibrate --network: measures the network between two OpenMPI ranks
// of this machine with hcc-pingpong and writes a SimGrid platform with
// SMPI's piece-wise linear model (hccmodels/network.hpp).
#pragma once

#include <string>

namespace hcc::calibrate {

struct NetworkOptions {
  std::string platform_path;  // where to write the platform
  std::string pingpong_csv;   // fit these measurements instead of running the ping-pong
  std::string pingpong_out;   // also keep the measurements here
  int hosts = 2;              // hosts of the platform
  unsigned cores = 1;         // cores per host
  bool quiet = false;
};

// Returns the exit status; errors are one line on stderr.
int calibrate_network(const NetworkOptions& options);

}  // namespace hcc::calibrate
