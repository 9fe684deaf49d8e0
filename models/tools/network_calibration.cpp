#include "network_calibration.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "hccmodels/atomic_file.hpp"
#include "hccmodels/network.hpp"
#include "hccmodels/platform.hpp"

namespace fs = std::filesystem;
using namespace hcc::models;

namespace hcc::calibrate {
namespace {

int error(const std::string& what) {
  std::cerr << "hcc-calibrate: " << what << "\n";
  return 1;
}

// hcc-pingpong is installed beside hcc-calibrate.
std::string pingpong_program() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return (ec ? fs::path("hcc-pingpong") : self.parent_path() / "hcc-pingpong").string();
}

// Runs the ping-pong under mpirun; its progress goes to our stderr.
bool run_pingpong(std::string& csv, std::string& why) {
  const std::string program = pingpong_program();
  if (!fs::exists(program)) {
    why = program + " is missing (hccsim was built without OpenMPI: install libopenmpi-dev and rebuild)";
    return false;
  }
  const char* mpirun = std::getenv("HCC_MPIRUN");
  std::string command = std::string(mpirun && *mpirun ? mpirun : "mpirun") + " -np 2";
  if (::geteuid() == 0) command += " --allow-run-as-root";
  command += " '" + program + "'";
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) {
    why = "cannot run '" + command + "'";
    return false;
  }
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, pipe)) > 0;) csv.append(buf, n);
  const int status = ::pclose(pipe);
  if (status != 0) {
    why = "'" + command + "' failed (exit status " + std::to_string(WEXITSTATUS(status)) +
          "; is OpenMPI's mpirun installed and able to start 2 processes here?)";
    return false;
  }
  return true;
}

}  // namespace

int calibrate_network(const NetworkOptions& o) {
  std::string csv;
  if (!o.pingpong_csv.empty()) {
    std::ifstream in(o.pingpong_csv);
    if (!in) return error("cannot read " + o.pingpong_csv);
    std::ostringstream s;
    s << in.rdbuf();
    csv = s.str();
  } else {
    if (!o.quiet) std::printf("measuring a ping-pong between two OpenMPI ranks (1 B to 64 MiB)...\n");
    std::fflush(stdout);
    std::string why;
    if (!run_pingpong(csv, why)) return error(why);
    if (!o.pingpong_out.empty()) {
      try {
        write_file_atomically(o.pingpong_out, csv);
      } catch (const std::exception& e) {
        return error("cannot write " + o.pingpong_out + ": " + e.what());
      }
    }
  }
  NetworkModel model;
  try {
    const auto points = read_pingpong_csv(csv);
    const std::string source = o.pingpong_csv.empty() ? "the ping-pong" : o.pingpong_csv;
    if (points.size() < 6) return error(source + " gives " + std::to_string(points.size()) + " sizes; 6 or more needed");
    model = fit_network(points);
  } catch (const std::exception& e) {
    return error((o.pingpong_csv.empty() ? std::string("ping-pong: ") : o.pingpong_csv + ": ") + e.what());
  }
  const std::string name = fs::path(o.platform_path).stem().string();
  const uint64_t memory = detect_memory_bytes() / static_cast<uint64_t>(o.hosts);
  try {
    write_file_atomically(o.platform_path, network_platform_xml(model, name, o.hosts, o.cores, 1e9, memory));
  } catch (const std::exception& e) {
    return error("cannot write " + o.platform_path + ": " + e.what());
  }
  if (!o.quiet) {
    std::printf("link: latency %.3g s, bandwidth %.4g GB/s\n", model.latency, model.bandwidth / 1e9);
    for (const auto& f : model.factors)
      std::printf("  from %10.0f B: lat-factor %.4g, bw-factor %.4g\n", f.from_bytes, f.lat_factor, f.bw_factor);
    std::printf("eager below %.0f B; model error over the measured sizes %.2f %% (logarithmic)\n", model.eager_bytes,
                100 * (std::exp(model.mean_log_error) - 1));
    std::printf("wrote %s\n", o.platform_path.c_str());
  }
  return 0;
}

}  // namespace hcc::calibrate
