// LineHistory: when an atomic's update moved its cache line from another
// core, in simulated time, whatever order the cores' actors ran in.
#include <gtest/gtest.h>

#include "line_history.hpp"

namespace hcc::rt {
namespace {

TEST(LineHistory, OneCoreNeverMovesTheLine) {
  LineHistory line;
  for (int i = 0; i < 1000; ++i) EXPECT_FALSE(line.update(0, i * 1e-8, 1e-7));
  EXPECT_FALSE(line.shared());
}

TEST(LineHistory, CoresTakingTurnsMoveItAtEachTurn) {
  LineHistory line;
  // One update each per round, 10 us apart: separate runs.
  int moves = 0;
  for (int round = 0; round < 100; ++round) {
    moves += line.update(0, round * 1e-5, 1e-7);
    moves += line.update(1, round * 1e-5 + 1e-6, 1e-7);
  }
  EXPECT_EQ(moves, 199);  // all but core 0's first
  EXPECT_TRUE(line.shared());
}

// Two cores reading a bound that neither updates keep their copies: no
// move (a search's threads reading its best so far at every node took the
// line from each other at every read, its simulation 1.8x native).
TEST(LineHistory, ReadsOfALineNobodyUpdatesNeverMoveIt) {
  LineHistory line;
  int moves = 0;
  for (int i = 0; i < 1000; ++i) {
    moves += line.read(0, i * 1e-8, 1e-7);
    moves += line.read(1, i * 1e-8 + 5e-9, 1e-7);
  }
  EXPECT_EQ(moves, 0);
}

// A read after another core's update takes the line once; the reads after
// it hit the copy; and reads are no updates the writer finds.
TEST(LineHistory, AReadMovesTheLineOnceAfterAnotherCoresUpdate) {
  LineHistory line;
  int writer = 0, reader = 0;
  for (int round = 0; round < 10; ++round) {
    const double t = round * 1e-4;
    writer += line.update(0, t, 1e-7);
    for (int i = 1; i <= 5; ++i) reader += line.read(1, t + i * 1e-5, 1e-7);
  }
  EXPECT_EQ(reader, 10);
  EXPECT_EQ(writer, 0);
}

TEST(LineHistory, ALaterActorSeesTheUpdatesOfOneThatRanFirst) {
  // Core 0's actor runs a tight loop whole: 10,000 updates 5 ns apart (one
  // run). Core 1's then runs its own from the same start, 5 ns apart plus
  // each move: the line moves, stays 100 ns more (19 updates), moves again,
  // until core 1's time passes the end of core 0's updates, 50 us later.
  LineHistory line;
  for (int i = 0; i < 10000; ++i) line.update(0, i * 5e-9, 1e-7);
  double now = 0;
  int moves = 0;
  for (int i = 0; i < 10000; ++i) {
    const bool moved = line.update(1, now, 1e-7);
    moves += moved;
    now += 5e-9 + (moved ? 1e-7 : 0);
  }
  // 50 us / 205 ns (a move, and 19 updates held 100 ns): 244 moves, give
  // or take the first and last.
  EXPECT_GE(moves, 242);
  EXPECT_LE(moves, 248);
}

TEST(LineHistory, SparseUpdatesOfAnotherCoreAreInSomeWindows) {
  // Core 0 updated every 200 ns (one run); core 1 every 10 ns over the same
  // 20 us: one window in twenty holds an update of core 0's.
  LineHistory line;
  for (int i = 0; i <= 100; ++i) line.update(0, i * 2e-7, 0);
  int moves = 0;
  for (int i = 1; i < 2000; ++i) moves += line.update(1, i * 1e-8, 0);
  EXPECT_GE(moves, 99);
  EXPECT_LE(moves, 101);
}

TEST(LineHistory, HistoryBeyondItsRunsIsMergedNotLost) {
  // Core 0's updates in 1,000 runs 10 us apart (more than kRuns): core 1
  // updating at the time of the first still sees them.
  LineHistory line;
  for (int r = 0; r < 1000; ++r)
    for (int i = 0; i < 10; ++i) line.update(0, r * 1e-5 + i * 1e-8, 0);
  EXPECT_TRUE(line.update(1, 5e-8, 0));
  EXPECT_TRUE(line.update(1, 5e-8 + 1e-5, 0));
}

TEST(LineHistory, AMovedUpdateIsKeptAfterTheMove) {
  // Core 1's update at 1 us moved the line, which took it 1 us: core 0's at
  // 1.5 us, before the move ended, is not moved back.
  LineHistory line;
  EXPECT_FALSE(line.update(0, 0, 1e-6));
  EXPECT_TRUE(line.update(1, 1e-6, 1e-6));
  EXPECT_FALSE(line.update(0, 1.5e-6, 1e-6));
  EXPECT_TRUE(line.update(0, 2.5e-6, 1e-6));
}

TEST(LineHistory, ACoreKeepsTheLineItTookForOneMoreMove) {
  // Core 1 updated every 5 ns over 10 us. Core 0 takes the line at 1 us
  // (0.1 us a move: its update kept at 1.1 us, the line its until 1.2 us):
  // its update at 1.15 us does not move it, at 1.25 us it does.
  LineHistory line;
  for (int i = 0; i <= 2000; ++i) line.update(1, i * 5e-9, 1e-7);
  EXPECT_TRUE(line.update(0, 1e-6, 1e-7));
  EXPECT_FALSE(line.update(0, 1.15e-6, 1e-7));
  EXPECT_TRUE(line.update(0, 1.25e-6, 1e-7));
}

TEST(LineHistory, AnUpdateTimedTooLateDoesNotHideTheOthers) {
  // Core 0's first update timed at 5 ms (a preempted burst's monotonic
  // time, later charged its CPU time); its next ones come at 1 and 2 ms,
  // after core 1's at 0.5 and 1.5 ms: each takes the line.
  LineHistory line;
  EXPECT_FALSE(line.update(0, 5e-3, 1e-7));
  EXPECT_FALSE(line.update(1, 0.5e-3, 1e-7)) << "core 0's update came later";
  EXPECT_TRUE(line.update(0, 1e-3, 1e-7));
  EXPECT_TRUE(line.update(1, 1.5e-3, 1e-7));
  EXPECT_TRUE(line.update(0, 2e-3, 1e-7));
}

// A lock in the line (LineHistory::take, the C library's around rand()).
TEST(LineHistory, ACoreTakingALockAloneWaitsForNone) {
  LineHistory line;
  double found = 0;
  for (int i = 0; i < 1000; ++i) found += line.take(0, i * 1e-8);
  EXPECT_EQ(found, 0);
}

TEST(LineHistory, AFirstTakeWaitsForNone) {
  // Core 0's takes were over before core 1 first tried (a sequential
  // phase's draws before a parallel region's).
  LineHistory line;
  for (int i = 0; i < 1000; ++i) line.take(0, i * 5e-9);
  EXPECT_EQ(line.take(1, 1e-5), 0);
  EXPECT_EQ(line.take(1, 1.1e-5), 0);
}

TEST(LineHistory, TakesInTurnWaitForOneEach) {
  LineHistory line;
  double found = 0;
  for (int round = 0; round < 100; ++round) {
    found += line.take(0, round * 2e-6);
    found += line.take(1, round * 2e-6 + 1e-6);
  }
  EXPECT_DOUBLE_EQ(found, 198);  // all but each core's first
}

TEST(LineHistory, TheCoreThatRunsSecondWaitsForEveryTakeItOverlaps) {
  // Core 0's actor runs first: 1,001 takes 10 ns apart, none found. Core
  // 1's, from the same start, waits 0.2 us for each take found: its windows
  // widen, and it waits for all of core 0's takes after its own first, as
  // natively the two would have waited for each other's.
  LineHistory line;
  for (int i = 0; i <= 1000; ++i) EXPECT_EQ(line.take(0, i * 1e-8), 0);
  double found = 0, waited = 0;
  for (int i = 0; i <= 1000; ++i) {
    const double k = line.take(1, i * 1e-8 + waited);
    found += k;
    waited += k * 2e-7;
  }
  EXPECT_NEAR(found, 1000, 1);
}

}  // namespace
}  // namespace hcc::rt
