// The program's heap logged by each thread and merged into one curve
// (rt/program/heap_logs.hpp): a thread's own peak kept exactly, the threads'
// windows taken in time order, every change counted once.
#include <gtest/gtest.h>

#include <algorithm>
#include <thread>
#include <vector>

#include "heap_logs.hpp"

namespace hcc::rt {
namespace {

uint64_t peak(const std::vector<HeapSample>& curve) {
  uint64_t high = 0;
  for (const HeapSample& s : curve) high = std::max(high, s.bytes);
  return high;
}

TEST(HeapCurve, KeepsAWindowsHighThenItsEnd) {
  uint64_t bytes = 10;
  // +100; then +30 and -80 within one window.
  const std::vector<HeapSample> curve = heap_curve(0.0, bytes, {{{1.0, 100, 100}, {2.0, -50, 30}}});
  ASSERT_EQ(curve.size(), 4u);
  EXPECT_EQ(curve[0].bytes, 10u);
  EXPECT_EQ(curve[1].bytes, 110u);
  EXPECT_EQ(curve[2].time, 2.0);
  EXPECT_EQ(curve[2].bytes, 140u);
  EXPECT_EQ(curve[3].bytes, 60u);
  EXPECT_EQ(bytes, 60u);
}

TEST(HeapCurve, TakesTheThreadsWindowsInTimeOrder) {
  uint64_t bytes = 0;
  const std::vector<HeapSample> curve =
      heap_curve(0.0, bytes, {{{1.0, 100, 100}, {3.0, -100, -100}}, {{2.0, 50, 50}, {4.0, -50, -50}}});
  ASSERT_EQ(curve.size(), 4u);
  for (size_t i = 0; i < curve.size(); ++i) EXPECT_EQ(curve[i].time, 1.0 + static_cast<double>(i));
  EXPECT_EQ(curve[1].bytes, 150u);
  EXPECT_EQ(curve[2].bytes, 50u);
  EXPECT_EQ(peak(curve), 150u);
  EXPECT_EQ(bytes, 0u);
}

TEST(HeapCurve, ATotalTheOrderMakesNegativeIsZero) {
  uint64_t bytes = 0;
  // Another thread freed, in an earlier window, what this one allocated.
  const std::vector<HeapSample> curve = heap_curve(0.0, bytes, {{{2.0, 100, 100}}, {{1.0, -100, -100}}});
  ASSERT_EQ(curve.size(), 2u);
  EXPECT_EQ(curve[0].bytes, 0u);
  EXPECT_EQ(curve[1].bytes, 0u);
  EXPECT_EQ(bytes, 0u);
}

TEST(HeapCurve, CoarsenedWindowsKeepTheThreadsPeakAndEnd) {
  // +100, -100 three times, then +40: a thread's log at its limit.
  std::vector<HeapWindow> windows = {{1.0, 100, 100}, {2.0, -100, -100}, {3.0, 100, 100},
                                     {4.0, -100, -100}, {5.0, 70, 70},   {6.0, -30, -30}, {7.0, 40, 40}};
  uint64_t fine = 0, coarse = 0;
  const uint64_t fine_peak = peak(heap_curve(0.0, fine, {windows}));
  coarsen_windows(windows);
  ASSERT_EQ(windows.size(), 4u);
  EXPECT_EQ(windows[0].start, 1.0);
  EXPECT_EQ(windows[0].net, 0);
  EXPECT_EQ(windows[0].high, 100);
  EXPECT_EQ(windows[2].net, 40);
  EXPECT_EQ(windows[2].high, 70);
  EXPECT_EQ(windows[3].start, 7.0);  // the odd one out, as it was
  const std::vector<HeapSample> curve = heap_curve(0.0, coarse, {windows});
  EXPECT_EQ(peak(curve), fine_peak);
  EXPECT_EQ(coarse, fine);
  EXPECT_EQ(coarse, 80u);
}

TEST(HeapLogs, EveryThreadsChangesCountOnceAndTheirWindowsCoalesce) {
  EXPECT_FALSE(log_heap_change(8));  // not logging: the caller counts it
  start_heap_logs(1000);
  constexpr int kChanges = 20000;
  auto changes = [] {
    for (int i = 0; i < kChanges; ++i) {
      EXPECT_TRUE(log_heap_change(64));
      EXPECT_TRUE(log_heap_change(-64));
    }
    EXPECT_TRUE(log_heap_change(1));
  };
  std::thread other(changes);
  changes();
  other.join();  // its log outlives it until the stop
  uint64_t bytes = 0;
  const std::vector<HeapSample> curve = stop_heap_logs(bytes);
  EXPECT_EQ(bytes, 1002u);
  EXPECT_GE(peak(curve), 1064u);
  EXPECT_LE(peak(curve), 1130u);
  EXPECT_EQ(curve.back().bytes, 1002u);
  // Changes within a microsecond of a window's first are that window: fewer
  // samples than the 4 * kChanges changes (44,886 under ThreadSanitizer,
  // whose changes take longer on a loaded machine; far fewer otherwise).
  EXPECT_LT(curve.size(), static_cast<size_t>(4 * kChanges));
  EXPECT_FALSE(log_heap_change(8));
}

TEST(HeapLogs, AThreadAtItsLimitKeepsItsPeakInHalfTheWindows) {
  start_heap_logs(0);
  const size_t changes = kMaxHeapWindows + 1000;  // a window each: over a microsecond apart
  double last = heap_clock();
  for (size_t i = 0; i < changes; ++i) {
    while (heap_clock() - last < 1.5 * kHeapWindow) {
    }
    last = heap_clock();
    ASSERT_TRUE(log_heap_change(i % 2 == 0 ? 10 : -10));
  }
  ASSERT_TRUE(log_heap_change(3));
  uint64_t bytes = 0;
  const std::vector<HeapSample> curve = stop_heap_logs(bytes);
  EXPECT_EQ(bytes, 3u);
  EXPECT_EQ(peak(curve), 10u);
  // Windows merged two by two: fewer windows (times) than changes.
  std::vector<double> times;
  for (const HeapSample& s : curve) times.push_back(s.time);
  times.erase(std::unique(times.begin(), times.end()), times.end());
  EXPECT_LE(times.size(), kMaxHeapWindows);
}

}  // namespace
}  // namespace hcc::rt
