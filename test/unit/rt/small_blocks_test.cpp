// The sizes of the program's small blocks by address (rt/program/small_blocks.hpp):
// what is added is taken back once, with its size and whether it counted;
// blocks that do not qualify are refused; threads keep their own blocks.
#include <gtest/gtest.h>

#include <cstdlib>
#include <thread>
#include <vector>

#include "small_blocks.hpp"

namespace hcc::rt {
namespace {

TEST(SmallBlocks, TakesBackWhatWasAddedOnce) {
  void* p = std::aligned_alloc(16, 48);  // glibc's alignment, also under the sanitizers
  ASSERT_TRUE(small_block(p, 40));
  add_small_block(p, 40, true);
  SmallBlock b;
  ASSERT_TRUE(take_small_block(p, b));
  EXPECT_EQ(b.bytes, 40u);
  EXPECT_TRUE(b.counted);
  EXPECT_FALSE(take_small_block(p, b));  // taken: a second free is not the program's block
  std::free(p);
}

TEST(SmallBlocks, KeepsSizesFromZeroToTheLargestAndTheCountedFlag) {
  alignas(16) static char heap[16 * 8];
  const size_t sizes[] = {0, 1, 16, 1032, kMaxSmallBlock};
  for (size_t i = 0; i < std::size(sizes); ++i) add_small_block(heap + 16 * i, sizes[i], i % 2 == 0);
  for (size_t i = 0; i < std::size(sizes); ++i) {
    SmallBlock b;
    ASSERT_TRUE(take_small_block(heap + 16 * i, b)) << i;
    EXPECT_EQ(b.bytes, sizes[i]);
    EXPECT_EQ(b.counted, i % 2 == 0);
  }
}

TEST(SmallBlocks, RefusesLargeAndUnalignedBlocks) {
  alignas(16) static char heap[64];
  EXPECT_FALSE(small_block(heap, kMaxSmallBlock + 1));
  EXPECT_FALSE(small_block(heap + 8, 40));
  EXPECT_TRUE(small_block(heap + 16, 40));
}

TEST(SmallBlocks, ForgetsABlockALargerOneReplaced) {
  alignas(16) static char heap[32];
  add_small_block(heap, 24, true);
  forget_small_block(heap);
  SmallBlock b;
  EXPECT_FALSE(take_small_block(heap, b));
  forget_small_block(heap + 16);  // nothing there: no effect
  EXPECT_FALSE(take_small_block(heap + 16, b));
}

TEST(SmallBlocks, AnAddressNeverWrittenHoldsNothing) {
  SmallBlock b;
  EXPECT_FALSE(take_small_block(reinterpret_cast<void*>(uintptr_t{0x7f0000000000}), b));
}

// Two threads add and take blocks side by side, as an instrumented run's
// workers do; each finds its own sizes back.
TEST(SmallBlocks, ThreadsKeepTheirOwnBlocks) {
  auto run = [](size_t bytes, int* failures) {
    std::vector<void*> blocks;
    for (int i = 0; i < 20000; ++i) {
      void* p = std::aligned_alloc(16, (bytes + 15) / 16 * 16);
      add_small_block(p, bytes, true);
      blocks.push_back(p);
    }
    for (void* p : blocks) {
      SmallBlock b;
      if (!take_small_block(p, b) || b.bytes != bytes) ++*failures;
      std::free(p);
    }
  };
  int failures[2] = {0, 0};
  std::thread a(run, size_t{40}, &failures[0]), b(run, size_t{100}, &failures[1]);
  a.join();
  b.join();
  EXPECT_EQ(failures[0], 0);
  EXPECT_EQ(failures[1], 0);
}

}  // namespace
}  // namespace hcc::rt
