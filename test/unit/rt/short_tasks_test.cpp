// The adaptive cut-off's verdicts (rt/core/short_tasks.hpp): what a kind of
// task is taken for from its timed runs and whether it creates tasks.
#include "short_tasks.hpp"

#include <gtest/gtest.h>

namespace hcc::rt {
namespace {

using Verdict = ShortTasks::Verdict;

TEST(ShortTasks, UnknownKindIsDeferred) {
  ShortTasks s;
  int kind = 0;
  EXPECT_EQ(s.verdict(&kind), Verdict::kDefer);
  EXPECT_EQ(s.verdict(nullptr), Verdict::kDefer);
}

TEST(ShortTasks, TinyRunsAfterEnoughTimedOnes) {
  ShortTasks s;
  int kind = 0;
  for (int i = 0; i < 7; ++i) s.observe(&kind, 50e-9);
  EXPECT_EQ(s.verdict(&kind), Verdict::kDefer) << "seven timed runs are not enough";
  s.observe(&kind, 50e-9);
  EXPECT_EQ(s.verdict(&kind), Verdict::kTiny);
}

TEST(ShortTasks, TinyKindThatCreatesTasksIsOnlyShort) {
  ShortTasks s;
  int kind = 0;
  for (int i = 0; i < 16; ++i) s.observe(&kind, 50e-9);
  s.creates_tasks(&kind);
  EXPECT_EQ(s.verdict(&kind), Verdict::kShort);
}

// Mostly empty runs and sometimes a long one (a task on a block that may
// hold no work): on one thread, the long ones would run one after the other.
TEST(ShortTasks, MostlyTinyButLongOnAverageIsOnlyShort) {
  ShortTasks s;
  int kind = 0;
  for (int i = 0; i < 64; ++i) s.observe(&kind, i % 8 == 0 ? 100e-6 : 50e-9);
  EXPECT_EQ(s.verdict(&kind), Verdict::kShort);
}

TEST(ShortTasks, ShortButNotTiny) {
  ShortTasks s;
  int kind = 0;
  for (int i = 0; i < 16; ++i) s.observe(&kind, 0.5e-6);
  EXPECT_EQ(s.verdict(&kind), Verdict::kShort);
}

TEST(ShortTasks, LongKindIsDeferred) {
  ShortTasks s;
  int kind = 0;
  for (int i = 0; i < 64; ++i) s.observe(&kind, 5e-6);
  EXPECT_EQ(s.verdict(&kind), Verdict::kDefer);
}

// A timed run that agrees with its kind's verdict lets its worker time
// that kind's runs less often (Runtime::times_run); one that does not, or
// one of a kind not known yet, more often again.
TEST(ShortTasks, TellsWhetherARunAgreesWithItsVerdict) {
  ShortTasks s;
  int tiny = 0, deferred = 0;
  for (int i = 0; i < 7; ++i) EXPECT_FALSE(s.observe(&tiny, 50e-9)) << "not known yet";
  s.observe(&tiny, 50e-9);
  ASSERT_EQ(s.verdict(&tiny), Verdict::kTiny);
  EXPECT_TRUE(s.observe(&tiny, 50e-9));
  EXPECT_FALSE(s.observe(&tiny, 0.5e-6)) << "short, not tiny";
  for (int i = 0; i < 8; ++i) s.observe(&deferred, 5e-6);
  ASSERT_EQ(s.verdict(&deferred), Verdict::kDefer);
  EXPECT_TRUE(s.observe(&deferred, 5e-6));
  EXPECT_FALSE(s.observe(&deferred, 0.5e-6));
}

// Most recent runs decide: a kind whose runs become long is deferred again
// within a few timed runs, and short again when they become short.
TEST(ShortTasks, FollowsItsRecentRuns) {
  ShortTasks s;
  int kind = 0;
  for (int i = 0; i < 32; ++i) s.observe(&kind, 0.5e-6);
  ASSERT_EQ(s.verdict(&kind), Verdict::kShort);
  for (int i = 0; i < 8; ++i) s.observe(&kind, 1e-3);
  EXPECT_EQ(s.verdict(&kind), Verdict::kDefer);
  for (int i = 0; i < 8; ++i) s.observe(&kind, 0.5e-6);
  EXPECT_EQ(s.verdict(&kind), Verdict::kShort);
}

// A recursive kind: a run's time holds its children's, so its leaves are
// short and its upper levels long; it is short by its leaves when they are
// most of its runs.
TEST(ShortTasks, RecursiveKindIsShortByItsLeaves) {
  ShortTasks s;
  int kind = 0;
  s.creates_tasks(&kind);
  for (int i = 0; i < 64; ++i) s.observe(&kind, i % 3 == 0 ? 20e-6 : 80e-9);
  EXPECT_EQ(s.verdict(&kind), Verdict::kShort);
}

TEST(ShortTasks, KindsAreApart) {
  ShortTasks s;
  int tiny = 0, long_one = 0;
  for (int i = 0; i < 16; ++i) {
    s.observe(&tiny, 10e-9);
    s.observe(&long_one, 1e-3);
  }
  EXPECT_EQ(s.verdict(&tiny), Verdict::kTiny);
  EXPECT_EQ(s.verdict(&long_one), Verdict::kDefer);
}

}  // namespace
}  // namespace hcc::rt
