// The clocks that time the program's own code in simulation: sampled
// bursts (sampling.cpp) and every CPU burst between two entries into the
// runtime (bursts.cpp).
#pragma once

namespace hcc::rt {

// A burst's time is the thread's CPU time: what other threads and
// processes take from its core is not the burst's. Reading it is a system
// call, though (with page-table isolation a TLB flush), so very short
// measurements use the monotonic clock, which the C library reads without one.
enum class Clock { Monotonic, ThreadCpu };

double clock_seconds(Clock c);
// What one measurement adds to the interval it times: part of the two clock
// reads falls inside it. The least of many back-to-back reads, measured once.
double clock_overhead(Clock c);

}  // namespace hcc::rt
