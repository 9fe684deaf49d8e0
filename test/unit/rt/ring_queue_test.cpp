// RingQueue: the same tasks in the same order as a std::deque under every
// operation the schedulers use, across its moves between the inline slots
// and the heap buffer.
#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <random>

#include "sched/ring_queue.hpp"

namespace hcc::rt {
namespace {

Task* task(uintptr_t i) { return reinterpret_cast<Task*>(i + 1); }

void expect_same(const RingQueue& q, const std::deque<Task*>& model) {
  ASSERT_EQ(q.size(), model.size());
  ASSERT_EQ(q.empty(), model.empty());
  for (size_t i = 0; i < model.size(); ++i) ASSERT_EQ(q.at(i), model[i]) << i;
  if (!model.empty()) {
    EXPECT_EQ(q.front(), model.front());
    EXPECT_EQ(q.back(), model.back());
  }
}

TEST(RingQueue, StaysInlineUpToItsInlineCapacity) {
  RingQueue q;
  for (uintptr_t round = 0; round < 10; ++round) {  // head and tail wrap around the inline slots
    for (uintptr_t i = 0; i < RingQueue::kInline; ++i) q.push_back(task(i));
    EXPECT_TRUE(q.is_inline());
    EXPECT_EQ(q.pop_front(), task(0));
    q.push_back(task(RingQueue::kInline));
    EXPECT_TRUE(q.is_inline());
    for (uintptr_t i = 1; i <= RingQueue::kInline; ++i) EXPECT_EQ(q.pop_front(), task(i));
    EXPECT_TRUE(q.empty());
  }
}

TEST(RingQueue, MovesToTheHeapAndBackOnceEmpty) {
  RingQueue q;
  std::deque<Task*> model;
  for (uintptr_t i = 0; i < 200; ++i) {
    q.push_back(task(i));
    model.push_back(task(i));
  }
  EXPECT_FALSE(q.is_inline());
  expect_same(q, model);
  while (q.size() > 1) {
    EXPECT_EQ(q.pop_front(), model.front());
    model.pop_front();
  }
  EXPECT_FALSE(q.is_inline());
  EXPECT_EQ(q.pop_back(), model.back());
  EXPECT_TRUE(q.is_inline());
  for (uintptr_t i = 0; i < 100; ++i) q.push_back(task(i));  // the kept buffer is used again
  EXPECT_FALSE(q.is_inline());
  for (uintptr_t i = 0; i < 100; ++i) EXPECT_EQ(q.pop_front(), task(i));
  EXPECT_TRUE(q.is_inline());
}

TEST(RingQueue, MatchesADequeUnderRandomOperations) {
  std::mt19937 rng(7);
  RingQueue q;
  std::deque<Task*> model;
  uintptr_t next = 0;
  for (int step = 0; step < 20000; ++step) {
    // Phases that favour pushing, then popping: sizes sweep 0 to a few hundred.
    const bool growing = (step / 500) % 2 == 0;
    const int op = static_cast<int>(rng() % 10);
    if (model.empty() || op < (growing ? 6 : 3)) {
      q.push_back(task(next));
      model.push_back(task(next++));
    } else if (op < 7) {
      ASSERT_EQ(q.pop_front(), model.front());
      model.pop_front();
    } else if (op < 9) {
      ASSERT_EQ(q.pop_back(), model.back());
      model.pop_back();
    } else {
      const size_t i = rng() % model.size();
      ASSERT_EQ(q.take(i), model[i]);
      model.erase(model.begin() + static_cast<long>(i));
    }
    expect_same(q, model);
    if (model.empty()) ASSERT_TRUE(q.is_inline());
    if (model.size() > RingQueue::kInline) ASSERT_FALSE(q.is_inline());
  }
}

}  // namespace
}  // namespace hcc::rt
