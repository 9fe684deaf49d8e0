// Platform file of this machine (platform.hpp).
#include "hccmodels/platform.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace hcc::models {

unsigned detect_cores() { return std::max(1u, std::thread::hardware_concurrency()); }

std::uint64_t detect_memory_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
}

double measure_memcpy_bandwidth(std::size_t bytes, int repeats) {
  if (bytes == 0 || repeats < 1)
    throw std::invalid_argument("measure_memcpy_bandwidth: bytes and repeats must be positive");
  std::unique_ptr<char[]> src(new char[bytes]), dst(new char[bytes]);
  std::memset(src.get(), 1, bytes);  // fault the pages in before timing
  std::memset(dst.get(), 2, bytes);
  double best = 0;
  for (int r = 0; r < repeats; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    std::memcpy(dst.get(), src.get(), bytes);
    const auto t1 = std::chrono::steady_clock::now();
    const double s = std::chrono::duration<double>(t1 - t0).count();
    if (s > 0) best = std::max(best, static_cast<double>(bytes) / s);
  }
  // Keep the copies from being optimized away.
  volatile char sink = dst[bytes / 2];
  (void)sink;
  return best;
}

int cuda_device_count() { return 0; }

std::string platform_xml(const MachineDescription& m) {
  if (m.cores == 0) throw std::invalid_argument("platform_xml: cores must be at least 1");
  std::ostringstream o;
  o << "<?xml version='1.0'?>\n"
       "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
       "<!-- Written by hcc-calibrate --platform for this machine: "
    << m.cores << " CPU cores, " << m.memory_bytes << " bytes of memory, no GPU.\n"
       "     Fields: docs/platforms.md -->\n"
       "<platform version=\"4.1\">\n"
       "  <zone id=\"calibrated\" routing=\"Full\">\n"
       "    <host id=\"CPU\" speed=\"1Gf\" core=\""
    << m.cores << "\">\n"
       "      <prop id=\"hcc.kind\" value=\"cpu\"/>\n";
  if (m.memory_bytes > 0)
    o << "      <prop id=\"hcc.memory\" value=\"" << m.memory_bytes << "\"/>\n";
  if (m.memcpy_bytes_per_s > 0) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4g", m.memcpy_bytes_per_s);
    o << "      <prop id=\"hcc.memcpy_bandwidth\" value=\"" << buf << "\"/>\n";
  }
  o << "    </host>\n"
       "  </zone>\n"
       "</platform>\n";
  return o.str();
}

}  // namespace hcc::models
