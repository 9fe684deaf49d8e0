// Which model a simulation charges a short burst (rt/program/
// burst_models.hpp): the instrumented run's model of its key, the one of
// the key's bursts that moved a line where the simulation's did, whether
// it is shorter or longer than what the simulation measures; none, and the
// measured time is charged, without a model or an entry's `where`.
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

TEST_F(BurstModelChoice, TheKeysModelIsChargedFromTheFirstBurst) {
  EXPECT_EQ(modelled_burst(kFrom, kTo), 40e-9);
  EXPECT_EQ(modelled_burst(kFrom, kOtherTo), 40e-9);
}

TEST_F(BurstModelChoice, MovedBurstsAreChargedTheirOwnModel) {
  EXPECT_EQ(modelled_burst(kFrom, kTo, true), 150e-9);
  EXPECT_EQ(modelled_burst(kFrom, kTo, false), 40e-9);
  // No moved bursts at the key natively: none (the caller charges the
  // unmoved model and the simulation's moves).
  EXPECT_EQ(modelled_burst(kFrom, kOtherTo, true), -1);
}

TEST_F(BurstModelChoice, KeyWithoutModelOrEntryIsMeasured) {
  EXPECT_EQ(modelled_burst(kFrom, kUnmodelledTo), -1);
  EXPECT_EQ(modelled_burst(nullptr, kTo), -1);
  EXPECT_EQ(modelled_burst(kFrom, nullptr, true), -1);
}

}  // namespace
}  // namespace hcc::rt
