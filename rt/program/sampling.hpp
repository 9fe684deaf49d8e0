// Sampled CPU bursts and delays of the program (#pragma hcc sample, delay):
// the C ABI is in hcc/hcc.h, the behaviour in sampling.cpp.
#pragma once

namespace hcc::rt {

// Prints, for each site a simulation measured, how many of its runs were
// measured and their mean (the runtime calls it when it stops).
void sampling_report();

}  // namespace hcc::rt
