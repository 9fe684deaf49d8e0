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
// A model that keeps all its observations.
double uninterrupted_mean_of(const std::vector<double>& all) {
  double sum = 0;
  for (double s : all) sum += s;
  return uninterrupted_mean(all.size(), all.empty() ? 0 : sum / static_cast<double>(all.size()), all);
}

TEST(UninterruptedMean, LeavesOutWhatIsTenTimesTheMedian) {
  // Six submissions, one preempted for 0.7 ms: 117 us as a plain mean.
  EXPECT_NEAR(uninterrupted_mean_of({1e-7, 1.2e-7, 0.9e-7, 1.1e-7, 1e-7, 7e-4}), 1.04e-7, 1e-10);
  EXPECT_NEAR(uninterrupted_mean_of({1e-7, 9e-7}), 5e-7, 1e-12);  // within 10 times the median: kept
  EXPECT_EQ(uninterrupted_mean_of({}), 0);
}

TEST(UninterruptedMean, OfAModelLeavesOutItsFirstObservationsInterruptions) {
  // 1,000 observations of 100 ns; the first 256 are kept, one of them
  // preempted (100 us); the later ones beyond the bound were never recorded.
  std::vector<double> first(256, 1e-7);
  first[17] = 1e-4;
  const double mean = (999 * 1e-7 + 1e-4) / 1000;  // 200 ns
  EXPECT_NEAR(uninterrupted_mean(1000, mean, first), 1e-7, 1e-12);
  EXPECT_NEAR(uninterrupted_mean(1000, 1e-7, std::vector<double>(256, 1e-7)), 1e-7, 1e-15);
  EXPECT_EQ(uninterrupted_mean(0, 0, {}), 0);
  EXPECT_EQ(uninterrupted_mean(5, 2e-7, {}), 2e-7);  // a model without its observations: its mean
}

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
