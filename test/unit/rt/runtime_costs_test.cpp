// The bound beyond which an observation of a runtime cost is an
// interruption of the measured code (runtime_costs.hpp).
#include <gtest/gtest.h>

#include <vector>

#include "runtime_costs.hpp"

namespace hcc::rt {
namespace {

TEST(InterruptionBound, NeedsEnoughObservations) {
  EXPECT_FALSE(interruption_bound({}).has_value());
  EXPECT_FALSE(interruption_bound(std::vector<double>(31, 1e-7)).has_value());
  EXPECT_TRUE(interruption_bound(std::vector<double>(32, 1e-7)).has_value());
}

// A few long observations among short ones (page faults, preemptions) move
// the median, and so the bound, not at all.
TEST(InterruptionBound, TenTimesTheMedian) {
  std::vector<double> first(256, 1.3e-7);
  for (int i = 0; i < 128; ++i) first[i] = 1.1e-7;  // half below, half above 1.2e-7
  first[5] = 1.15e-4;
  first[77] = 2e-6;
  first[200] = 9e-5;
  const std::optional<double> bound = interruption_bound(first);
  ASSERT_TRUE(bound.has_value());
  EXPECT_DOUBLE_EQ(*bound, kInterruptionFactor * 1.3e-7);
}

}  // namespace
}  // namespace hcc::rt
