// Which of a short burst's two times a simulation charges (rt/program/
// burst_models.hpp): the instrumented run's model of its key, or what the
// simulation measured. Both only add to a short burst, so the model is
// charged where it is no longer than the simulation's mean at the key, once
// the simulation has measured kBurstModelMinSamples bursts there.
#include <gtest/gtest.h>

#include <unordered_map>

#include "burst_models.hpp"

namespace hcc::rt {
namespace {

// Entries' `where`s: the same address for every burst between them.
const char kFrom[] = ";a.c;f;10;1;;";
const char kTo[] = ";a.c;f;12;1;;";
const char kOtherTo[] = ";a.c;f;14;1;;";
const char kUnmodelledTo[] = ";a.c;f;16;1;;";

class BurstModelChoice : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    install_burst_models({{burst_key(kFrom, kTo), 40e-9},
                          {burst_key(kFrom, kTo) ^ kLineMovedKey, 150e-9},
                          {burst_key(kFrom, kOtherTo), 40e-9}});
  }
};

TEST_F(BurstModelChoice, ModelNoLongerThanTheMeasuredMeanIsCharged) {
  for (uint64_t i = 1; i < kBurstModelMinSamples; ++i)
    EXPECT_EQ(modelled_burst(kFrom, kTo, 100e-9), -1) << "burst " << i << ": too few measured at the key";
  EXPECT_EQ(modelled_burst(kFrom, kTo, 100e-9), 40e-9);
  // The mean, not the burst: one burst shorter than the model does not
  // take the key back to what was measured.
  EXPECT_EQ(modelled_burst(kFrom, kTo, 10e-9), 40e-9);
}

TEST_F(BurstModelChoice, ModelLongerThanTheMeasuredMeanIsNot) {
  for (uint64_t i = 0; i < 4 * kBurstModelMinSamples; ++i)
    EXPECT_EQ(modelled_burst(kFrom, kOtherTo, 20e-9), -1) << "burst " << i;
  // Until the key's bursts, measured longer, bring the mean over the model.
  double charged = -1;
  for (uint64_t i = 0; i < 4 * kBurstModelMinSamples && charged < 0; ++i)
    charged = modelled_burst(kFrom, kOtherTo, 200e-9);
  EXPECT_EQ(charged, 40e-9);
}

TEST_F(BurstModelChoice, MovedBurstsAreComparedWithTheirOwnModel) {
  for (uint64_t i = 0; i < kBurstModelMinSamples; ++i) modelled_burst(kFrom, kTo, 100e-9, true);
  EXPECT_EQ(modelled_burst(kFrom, kTo, 100e-9, true), -1) << "150 ns modelled, 100 ns measured";
  for (uint64_t i = 0; i < 2 * kBurstModelMinSamples; ++i) modelled_burst(kFrom, kTo, 300e-9, true);
  EXPECT_EQ(modelled_burst(kFrom, kTo, 300e-9, true), 150e-9);
}

TEST_F(BurstModelChoice, KeyWithoutModelOrEntryIsMeasured) {
  for (uint64_t i = 0; i < 2 * kBurstModelMinSamples; ++i) {
    EXPECT_EQ(modelled_burst(kFrom, kUnmodelledTo, 1e-6), -1);
    EXPECT_EQ(modelled_burst(nullptr, kTo, 1e-6), -1);
  }
}

}  // namespace
}  // namespace hcc::rt
