#include "cpu_clock.hpp"

#include <dlfcn.h>
#include <time.h>

#include <algorithm>
#include <cmath>

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

double least_read_interval(Clock c) {
  double least = INFINITY;
  for (int i = 0; i < 64; ++i) {
    const double a = clock_seconds(c);
    least = std::min(least, clock_seconds(c) - a);
  }
  return std::max(0.0, least);
}

}  // namespace

double clock_seconds(Clock c) {
  timespec ts;
  real_clock_gettime(c == Clock::Monotonic ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

double clock_overhead(Clock c) {
  static const double monotonic = least_read_interval(Clock::Monotonic);
  static const double thread_cpu = least_read_interval(Clock::ThreadCpu);
  return c == Clock::Monotonic ? monotonic : thread_cpu;
}

}  // namespace hcc::rt
