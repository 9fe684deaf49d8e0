// Platform file of this machine (platform.hpp).
#include "hccmodels/platform.hpp"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

namespace hcc::models {

unsigned detect_cores() { return std::max(1u, std::thread::hardware_concurrency()); }

std::uint64_t detect_memory_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
}

namespace {

// About 10 ms of floating-point work whose result is used.
double spin_work() {
  volatile double sink = 0;
  double x = 1.0;
  for (int i = 0; i < 2000000; ++i) x = x * 0.999999 + 1e-7 * (i & 7);
  sink = x;
  return sink;
}

// The first `count` CPUs of `allowed` (fewer if it has fewer).
std::vector<int> first_cpus(const cpu_set_t& allowed, std::size_t count) {
  std::vector<int> cpus;
  for (int c = 0; c < CPU_SETSIZE && cpus.size() < count; ++c)
    if (CPU_ISSET(c, &allowed)) cpus.push_back(c);
  return cpus;
}

// Binds the calling thread to one CPU; whether it could.
bool bind_to(int cpu) {
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  return sched_setaffinity(0, sizeof one, &one) == 0;
}

}  // namespace

std::vector<double> measure_cpu_speeds(unsigned cores, int rounds, std::vector<int>& cpus) {
  cpus.clear();
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return {};
  cpus = first_cpus(allowed, cores);
  if (cpus.size() < 2 || cpus.size() < cores) return {};
  std::vector<double> best(cpus.size(), 1e30);
  for (int r = 0; r < rounds; ++r)
    for (size_t i = 0; i < cpus.size(); ++i) {
      if (!bind_to(cpus[i])) {
        sched_setaffinity(0, sizeof allowed, &allowed);
        return {};
      }
      spin_work();  // settle on the CPU
      const auto t0 = std::chrono::steady_clock::now();
      spin_work();
      best[i] = std::min(best[i], std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
  sched_setaffinity(0, sizeof allowed, &allowed);
  std::vector<double> factors;
  for (double t : best) factors.push_back(best[0] / t);
  return factors;
}

double measure_line_transfer(int rounds) {
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return -1;
  const std::vector<int> cpus = first_cpus(allowed, 2);
  if (cpus.size() < 2) return -1;
  // Two threads on two CPUs increment one counter in turn, against one
  // thread alone. Each turn moves the line twice: to be read by the thread
  // that waits for the other's increment, then to be written (the other's
  // copy invalidated), where an atomic that does not wait first moves it
  // once.
  constexpr long kTurns = 100000;
  double best = 1e30;
  for (int r = 0; r < rounds; ++r) {
    alignas(64) std::atomic<long> counter{0};
    std::atomic<bool> pinned{true};  // both threads write it
    auto turns = [&](int cpu, long parity) {
      if (!bind_to(cpu)) pinned = false;
      for (long mine = parity; mine < 2 * kTurns; mine += 2) {
        while (counter.load(std::memory_order_acquire) != mine) {
        }
        counter.fetch_add(1, std::memory_order_acq_rel);
      }
    };
    const auto t0 = std::chrono::steady_clock::now();
    std::thread other(turns, cpus[1], 1);
    turns(cpus[0], 0);
    other.join();
    const double pair = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const auto t1 = std::chrono::steady_clock::now();
    for (long i = 0; i < 2 * kTurns; ++i) counter.fetch_add(1, std::memory_order_acq_rel);
    const double alone = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
    if (!pinned) break;
    best = std::min(best, (pair - alone) / (2 * kTurns) / 2);
  }
  sched_setaffinity(0, sizeof allowed, &allowed);
  return best < 1e30 ? std::max(0.0, best) : -1;
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

namespace {

// A SimGrid quantity: the value and its unit ("Bps", "s").
std::string quantity(double value, const char* unit) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6g%s", value, unit);
  return buf;
}

void check_gpus(const MachineDescription& m) {
  for (const GpuDescription& g : m.gpus)
    if (!(g.up_bandwidth > 0) || !(g.down_bandwidth > 0) || !(g.up_latency >= 0) || !(g.down_latency >= 0))
      throw std::invalid_argument("platform_xml: GPU '" + g.name + "': bandwidths must be positive and latencies "
                                  "not negative");
  if (!m.gpus.empty() && !(m.bus_bandwidth > 0))
    throw std::invalid_argument("platform_xml: the bus bandwidth must be positive");
}

}  // namespace

std::string platform_xml(const MachineDescription& m) {
  if (m.cores == 0) throw std::invalid_argument("platform_xml: cores must be at least 1");
  check_gpus(m);
  std::ostringstream o;
  o << "<?xml version='1.0'?>\n"
       "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
       "<!-- Written by hcc-calibrate --platform for this machine: "
    << m.cores << " CPU cores, " << m.memory_bytes << " bytes of memory, ";
  if (m.gpus.empty()) o << "no GPU.\n";
  for (std::size_t i = 0; i < m.gpus.size(); ++i) o << (i ? ", " : "") << "CUDA" << i << " " << m.gpus[i].name;
  if (!m.gpus.empty())
    o << ".\n     PCI topology of seed 000 Fig. 3(b): per-GPU up and down links, and one bus link\n"
         "     shared by every copy (its bandwidth: all copies at once, as measured).\n";
  o << "     Fields: docs/platforms.md -->\n"
       "<platform version=\"4.1\">\n"
       "  <zone id=\"calibrated\" routing=\"Full\">\n"
       "    <host id=\"CPU\" speed=\"1Gf\" core=\""
    << m.cores << "\">\n"
       "      <prop id=\"hcc.kind\" value=\"cpu\"/>\n"
       // The program's own code runs here as fast as on the machine that
       // simulates when that is this machine (docs/platforms.md).
       "      <prop id=\"hcc.speed_factor\" value=\"1\"/>\n";
  if (!m.core_speed_factors.empty()) {
    if (m.core_speed_factors.size() != m.cores)
      throw std::invalid_argument("platform_xml: one core speed factor per core");
    // Cores that are not equally fast: each one's factor, relative to the
    // CPU the simulation then runs on (docs/platforms.md).
    o << "      <prop id=\"hcc.core_speed_factors\" value=\"";
    for (std::size_t i = 0; i < m.core_speed_factors.size(); ++i) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.3g", m.core_speed_factors[i]);
      o << (i ? " " : "") << buf;
    }
    o << "\"/>\n      <prop id=\"hcc.simulate_on_cpu\" value=\"" << m.reference_cpu << "\"/>\n";
  }
  if (m.line_transfer_seconds > 0) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3g", m.line_transfer_seconds);
    o << "      <prop id=\"hcc.line_transfer\" value=\"" << buf << "\"/>\n";
  }
  if (m.memory_bytes > 0)
    o << "      <prop id=\"hcc.memory\" value=\"" << m.memory_bytes << "\"/>\n";
  if (m.memcpy_bytes_per_s > 0) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4g", m.memcpy_bytes_per_s);
    o << "      <prop id=\"hcc.memcpy_bandwidth\" value=\"" << buf << "\"/>\n";
  }
  auto cost = [&o](const char* id, double seconds) {
    if (seconds < 0) return;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4g", seconds);
    o << "      <prop id=\"" << id << "\" value=\"" << buf << "\"/>\n";
  };
  cost("hcc.pinned_alloc_per_mib", m.pin_per_mib);
  cost("hcc.transfer_queue_cost", m.transfer_queue);
  o << "    </host>\n";
  for (std::size_t i = 0; i < m.gpus.size(); ++i) {
    o << "    <host id=\"CUDA" << i << "\" speed=\"1Gf\">\n"
      << "      <prop id=\"hcc.kind\" value=\"gpu\"/>\n";
    if (m.gpus[i].memory_bytes > 0)
      o << "      <prop id=\"hcc.memory\" value=\"" << m.gpus[i].memory_bytes << "\"/>\n";
    cost("hcc.alloc_cost", m.gpus[i].alloc_cost);
    cost("hcc.free_cost", m.gpus[i].free_cost);
    o << "    </host>\n";
  }
  if (!m.gpus.empty()) o << "    <link id=\"bus\" bandwidth=\"" << quantity(m.bus_bandwidth, "Bps") << "\" latency=\"0s\"/>\n";
  for (std::size_t i = 0; i < m.gpus.size(); ++i) {
    const GpuDescription& g = m.gpus[i];
    const std::string id = "CUDA" + std::to_string(i);
    o << "    <link id=\"" << id << "-up\" bandwidth=\"" << quantity(g.up_bandwidth, "Bps") << "\" latency=\""
      << quantity(g.up_latency, "s") << "\"/>\n"
      << "    <link id=\"" << id << "-down\" bandwidth=\"" << quantity(g.down_bandwidth, "Bps") << "\" latency=\""
      << quantity(g.down_latency, "s") << "\"/>\n";
  }
  for (std::size_t i = 0; i < m.gpus.size(); ++i) {
    const std::string id = "CUDA" + std::to_string(i);
    o << "    <route src=\"CPU\" dst=\"" << id << "\" symmetrical=\"NO\"><link_ctn id=\"" << id
      << "-up\"/><link_ctn id=\"bus\"/></route>\n"
      << "    <route src=\"" << id << "\" dst=\"CPU\" symmetrical=\"NO\"><link_ctn id=\"" << id
      << "-down\"/><link_ctn id=\"bus\"/></route>\n";
  }
  o << "  </zone>\n"
       "</platform>\n";
  return o.str();
}

}  // namespace hcc::models
