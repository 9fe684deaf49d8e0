// The clocks that time the program's own code in simulation: sampled
// bursts (sampling.cpp) and every CPU burst between two entries into the
// runtime (bursts.cpp).
#pragma once

#include <time.h>

#include <cstddef>
#include <utility>
#include <vector>

namespace hcc::rt {

// The C library's clock_gettime: the runtime's own clocks are never the
// simulated ones a simulated program reads (rt/backend/sim/sim_clocks.cpp).
int real_clock_gettime(clockid_t id, timespec* ts);

// A burst's time is the thread's CPU time: what other threads and
// processes take from its core is not the burst's. Reading it is a system
// call, though (with page-table isolation a TLB flush), so very short
// measurements use the monotonic clock, which the C library reads without one.
enum class Clock { Monotonic, ThreadCpu };

double clock_seconds(Clock c);
// What one measurement adds to the interval it times: part of the two clock
// reads falls inside it. The typical interval between back-to-back reads,
// measured once.
double clock_overhead(Clock c);

// The typical length of intervals timed back to back: their mean, less the
// few that an interrupt lengthened (over twice the median). Not the least
// nor the median: the monotonic clock reads in steps of 10 ns here, so
// reads that cost 24.4 ns on average showed a least of 20 ns and a median
// of 20 or 30 ns from one run to the next, and every cost timed between two
// reads came out 4.4 ns too long (a tree search's 1.8 M tasks, each timed
// several times, 10 % too slow in simulation). Steps average out over many
// samples.
double typical_interval(std::vector<double> samples);

// The typical interval between n pairs of back-to-back calls of read (a
// clock read returning seconds): what one read costs.
template <class Read>
double typical_read_interval(Read read, size_t n) {
  std::vector<double> samples(n);
  for (double& s : samples) {
    const double a = read();
    s = read() - a;
  }
  return typical_interval(std::move(samples));
}

// Intervals shorter than this are timed on the monotonic clock alone: a CPU
// clock read costs 1.2 to 1.5 us on this virtual machine and flushes the
// TLB, slowing the code that follows, while a preemption (which the
// monotonic clock counts) makes an interval longer than this. Used for
// CPU bursts (bursts.cpp) and the kernels of instrumented runs (kernels.cpp).
constexpr double kShortInterval = 20e-6;

}  // namespace hcc::rt
