// Which kernels an instrumented run samples (rt/core/instrument_sampling.hpp):
// those of whose first 64 runs on a worker at least half were short.
#include "instrument_sampling.hpp"

#include <gtest/gtest.h>

namespace hcc::rt {
namespace {

TEST(KernelTally, ShortRunsProveFineGrainedAtTheLastFullyTimedRun) {
  KernelTally tally;
  int kernel = 0;
  for (uint32_t i = 1; i < kFullyTimedRuns; ++i) EXPECT_FALSE(tally.add(&kernel, 50e-9));
  EXPECT_TRUE(tally.add(&kernel, 50e-9));
  EXPECT_FALSE(tally.add(&kernel, 50e-9)) << "decided once";
}

TEST(KernelTally, KernelsThatAlternateAreEachTallied) {
  // A task's two kinds, adjacent in memory, run in turn.
  KernelTally tally;
  char kinds[2] = {};
  int fine = 0;
  for (uint32_t i = 0; i < 2 * kFullyTimedRuns; ++i) fine += tally.add(&kinds[i % 2], 50e-9);
  EXPECT_EQ(fine, 2);
}

TEST(KernelTally, AFewPreemptedRunsDoNotHideAFineKernel) {
  // One run in eight preempted for a millisecond: a mean of 125 us.
  KernelTally tally;
  int kernel = 0;
  bool fine = false;
  for (uint32_t i = 0; i < kFullyTimedRuns; ++i) fine = tally.add(&kernel, i % 8 == 0 ? 1e-3 : 50e-9);
  EXPECT_TRUE(fine);
}

TEST(KernelTally, MostlyLongRunsAreTimedEveryRun) {
  KernelTally tally;
  int kernel = 0;
  bool fine = false;
  for (uint32_t i = 0; i < kFullyTimedRuns; ++i) fine |= tally.add(&kernel, i % 4 == 0 ? 50e-9 : 20e-6);
  EXPECT_FALSE(fine);
}

TEST(FineKernels, HoldsWhatWasAddedAndNeverAnUnknownKernel) {
  FineKernels set;
  int a = 0, b = 0;
  set.add(&a);
  EXPECT_TRUE(set.contains(&a));
  EXPECT_FALSE(set.contains(&b));
  set.add(nullptr);
  EXPECT_FALSE(set.contains(nullptr));
}

}  // namespace
}  // namespace hcc::rt
