// Samples far above their median, and means without them. A measurement
// that something else interrupted (a timer tick, a preemption), or a loop's
// first run, which faults the loop's fresh pages in, takes several times
// the typical one and would pull a mean of thousands of runs up. Three
// rules leave them out, each with its own factor: back-to-back clock reads
// (cpu_clock.hpp: twice the median), the runtime's costs (runtime_costs.hpp:
// ten times) and loop chunks (loop_contention.hpp: three times).
#pragma once

#include <cstdint>
#include <vector>

namespace hcc::rt {

struct Outliers {
  double sum = 0;
  uint64_t count = 0;
};

// Which median bounds an even number of samples: the lower one leaves a
// loop's first run out of [first run, later run], the upper one keeps it.
enum class Median { kLower, kUpper };

// factor times the samples' median (0 without samples).
double median_bound(std::vector<double> samples, double factor, Median median);
// The samples over factor times their median: their sum and how many.
Outliers outliers_of(const std::vector<double>& samples, double factor, Median median);
// The mean of `count` runs whose mean is `mean`, less the outliers among
// them (never under 0); `mean` when the outliers are all of them.
double mean_without(uint64_t count, double mean, const Outliers& outliers);

}  // namespace hcc::rt
