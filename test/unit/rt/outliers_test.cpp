// Samples far above their median, and means without them
// (rt/program/outliers.hpp).
#include "outliers.hpp"

#include <gtest/gtest.h>

namespace hcc::rt {
namespace {

TEST(Outliers, AreOverTheFactorTimesTheMedian) {
  EXPECT_EQ(outliers_of({}, 3, Median::kLower).count, 0u);
  EXPECT_EQ(outliers_of({3}, 3, Median::kLower).count, 0u);
  const Outliers out = outliers_of({1, 1, 1, 7, 3.5}, 3, Median::kLower);
  EXPECT_EQ(out.count, 2u) << "7 and 3.5 are over three times 1";
  EXPECT_DOUBLE_EQ(out.sum, 10.5);
  EXPECT_EQ(outliers_of({1, 1, 1, 7, 3.5}, 10, Median::kUpper).count, 0u);
}

TEST(Outliers, TheLowerMedianLeavesAFirstRunOutOfTwo) {
  // A loop measured twice: its first run, which faulted its pages in, then
  // a later one.
  EXPECT_EQ(outliers_of({4, 1}, 3, Median::kLower).count, 1u);
  EXPECT_EQ(outliers_of({4, 1}, 3, Median::kUpper).count, 0u);
  EXPECT_DOUBLE_EQ(median_bound({4, 1}, 3, Median::kLower), 3);
  EXPECT_DOUBLE_EQ(median_bound({4, 1}, 3, Median::kUpper), 12);
  EXPECT_EQ(median_bound({}, 3, Median::kUpper), 0);
}

TEST(Outliers, MeanWithoutThem) {
  // Ten runs of mean 2, one of which took 11: the other nine took 1.
  EXPECT_DOUBLE_EQ(mean_without(10, 2, Outliers{11, 1}), 1);
  EXPECT_DOUBLE_EQ(mean_without(10, 2, Outliers{}), 2);
  EXPECT_DOUBLE_EQ(mean_without(2, 2, Outliers{4, 2}), 2) << "all outliers: the mean";
  EXPECT_EQ(mean_without(3, 1, Outliers{5, 1}), 0) << "never under 0";
}

}  // namespace
}  // namespace hcc::rt
