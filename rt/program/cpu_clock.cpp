#include "cpu_clock.hpp"

#include <time.h>

#include <algorithm>
#include <cmath>

namespace hcc::rt {
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
  clock_gettime(c == Clock::Monotonic ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

double clock_overhead(Clock c) {
  static const double monotonic = least_read_interval(Clock::Monotonic);
  static const double thread_cpu = least_read_interval(Clock::ThreadCpu);
  return c == Clock::Monotonic ? monotonic : thread_cpu;
}

}  // namespace hcc::rt
