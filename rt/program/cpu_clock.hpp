// The clocks that time the program's own code in simulation: sampled
// bursts (sampling.cpp) and every CPU burst between two entries into the
// runtime (bursts.cpp).
#pragma once

#include <time.h>

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
// reads falls inside it. The least of many back-to-back reads, measured once.
double clock_overhead(Clock c);

// Intervals shorter than this are timed on the monotonic clock alone: a CPU
// clock read costs 1.2 to 1.5 us on this virtual machine and flushes the
// TLB, slowing the code that follows, while a preemption (which the
// monotonic clock counts) makes an interval longer than this. Used for
// CPU bursts (bursts.cpp) and the kernels of instrumented runs (kernels.cpp).
constexpr double kShortInterval = 20e-6;

}  // namespace hcc::rt
