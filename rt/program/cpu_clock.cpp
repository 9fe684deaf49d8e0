#include "cpu_clock.hpp"

#include <dlfcn.h>
#include <time.h>

#include <algorithm>
#include <cstddef>

#include "outliers.hpp"

namespace hcc::rt {

int real_clock_gettime(clockid_t id, timespec* ts) {
  // The C library's, even where a simulated program's executable defines
  // its own (rt/backend/sim/sim_clocks.cpp): resolved once, before any
  // signal handler reads it.
  using Fn = int (*)(clockid_t, timespec*);
  static const Fn libc = [] {
    auto next = reinterpret_cast<Fn>(dlsym(RTLD_NEXT, "clock_gettime"));
    return next ? next : &clock_gettime;
  }();
  return libc(id, ts);
}

namespace {

double read_interval(Clock c) {
  // A system call for the CPU clock (0.4 us): fewer reads.
  return typical_read_interval([c] { return clock_seconds(c); }, c == Clock::Monotonic ? 4096 : 256);
}

}  // namespace

double clock_seconds(Clock c) {
  timespec ts;
  real_clock_gettime(c == Clock::Monotonic ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

double typical_interval(std::vector<double> samples) {
  if (samples.empty()) return 0;
  double sum = 0;
  for (double s : samples) sum += s;
  return mean_without(samples.size(), sum / static_cast<double>(samples.size()),
                      outliers_of(samples, 2, Median::kUpper));
}

double clock_overhead(Clock c) {
  static const double monotonic = read_interval(Clock::Monotonic);
  static const double thread_cpu = read_interval(Clock::ThreadCpu);
  return c == Clock::Monotonic ? monotonic : thread_cpu;
}

}  // namespace hcc::rt
