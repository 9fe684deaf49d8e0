// An instrumented run's sampled bursts that moved a cache line natively
// (rt/program/shared_lines.cpp, burst_models.hpp): hcc_shared_line finds a
// line another thread updated since the caller last did, and such bursts
// are kept and modelled under their own key.
#include <gtest/gtest.h>

#include <thread>

#include "burst_models.hpp"
#include "bursts.hpp"

namespace hcc::rt {
namespace {

// Whether the calling thread's sampled burst saw a move at its update of address.
bool update_moved(const void* address) {
  BurstClock& c = t_sampled_clock;
  c.depth = 0;  // in the program's code
  c.mark = 1;   // a sampled burst
  c.line_moved = false;
  note_native_line_update(address, true);
  c.mark = -1;
  c.depth = 1;
  return c.line_moved;
}

bool update_moved_on_other_thread(const void* address) {
  bool moved = false;
  std::thread([&] { moved = update_moved(address); }).join();
  return moved;
}

TEST(LineMoveSamples, AnUpdateAfterAnotherThreadsMovesTheLine) {
  alignas(64) static long counter[16];
  EXPECT_FALSE(update_moved(&counter[0])) << "the line's first update comes from memory";
  EXPECT_FALSE(update_moved(&counter[1])) << "the same line, updated by the same thread";
  EXPECT_TRUE(update_moved_on_other_thread(&counter[2])) << "the line was in the first thread's cache";
  EXPECT_TRUE(update_moved(&counter[0])) << "and came back";
  EXPECT_FALSE(update_moved(&counter[0]));
  EXPECT_FALSE(update_moved(&counter[8])) << "another line, never updated";
}

TEST(LineMoveSamples, AnUnsampledBurstIsNotMarkedButTheOwnerIsKept) {
  alignas(64) static long counter;
  update_moved(&counter);
  std::thread([&] {
    BurstClock& c = t_sampled_clock;
    c.depth = 0;
    c.mark = -1;  // not sampled
    note_native_line_update(&counter, true);
    EXPECT_FALSE(c.line_moved);
    c.depth = 1;
  }).join();
  EXPECT_TRUE(update_moved(&counter)) << "the unsampled update took the line";
}

TEST(LineMoveSamples, BurstsThatMovedALineHaveTheirOwnKey) {
  static const char from[] = ";a.c;f;3;1;;", to[] = ";a.c;f;5;1;;";
  uint64_t key = 0, moved_key = 0;
  ASSERT_TRUE(keeps_burst_sample(from, to, 5e-9, false, &key));
  ASSERT_TRUE(keeps_burst_sample(from, to, 150e-9, true, &moved_key));
  EXPECT_EQ(key, burst_key(from, to));
  EXPECT_EQ(moved_key, key ^ kLineMovedKey);
}

}  // namespace
}  // namespace hcc::rt
