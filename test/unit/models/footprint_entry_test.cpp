#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

#include "hccmodels/model_file.hpp"

namespace hcc::models {
namespace {

std::vector<double> durations(int n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(1e-4 + static_cast<double>(rng() % 100000) * 1e-7);
  return v;
}

FootprintEntry from(const std::vector<double>& v, std::size_t begin, std::size_t end) {
  FootprintEntry e;
  for (std::size_t i = begin; i < end; ++i) e.add(v[i]);
  return e;
}

void expect_same_stats(const FootprintEntry& a, const FootprintEntry& b) {
  EXPECT_EQ(a.count, b.count);
  EXPECT_NEAR(a.mean, b.mean, 1e-12 * std::abs(b.mean));
  EXPECT_NEAR(a.m2, b.m2, 1e-9 * std::abs(b.m2));
  EXPECT_EQ(a.min, b.min);
  EXPECT_EQ(a.max, b.max);
}

TEST(FootprintEntry, AddMatchesTwoPassStatistics) {
  const std::vector<double> v = durations(1000, 1);
  const FootprintEntry e = from(v, 0, v.size());
  double sum = 0;
  for (double x : v) sum += x;
  const double mean = sum / static_cast<double>(v.size());
  double ss = 0;
  for (double x : v) ss += (x - mean) * (x - mean);
  EXPECT_EQ(e.count, v.size());
  EXPECT_NEAR(e.mean, mean, 1e-12 * mean);
  EXPECT_NEAR(e.m2, ss, 1e-9 * ss);
  EXPECT_NEAR(e.stddev(), std::sqrt(ss / static_cast<double>(v.size() - 1)), 1e-9 * e.stddev());
  EXPECT_EQ(e.min, *std::min_element(v.begin(), v.end()));
  EXPECT_EQ(e.max, *std::max_element(v.begin(), v.end()));
}

TEST(FootprintEntry, WelfordMergeEqualsAddingAllSamples) {
  const std::vector<double> v = durations(777, 2);
  const FootprintEntry all = from(v, 0, v.size());
  for (std::size_t split : {std::size_t{1}, std::size_t{100}, std::size_t{500}, v.size() - 1}) {
    FootprintEntry a = from(v, 0, split);
    a.merge(from(v, split, v.size()));
    SCOPED_TRACE(split);
    expect_same_stats(a, all);
  }
  // Many small pieces merged in turn.
  FootprintEntry pieces;
  for (std::size_t i = 0; i < v.size(); i += 13) pieces.merge(from(v, i, std::min(v.size(), i + 13)));
  expect_same_stats(pieces, all);
}

TEST(FootprintEntry, MergeWithEmptySides) {
  const std::vector<double> v = durations(10, 3);
  const FootprintEntry full = from(v, 0, v.size());
  FootprintEntry empty;
  empty.merge(full);
  expect_same_stats(empty, full);
  EXPECT_EQ(empty.samples, full.samples);
  FootprintEntry copy = full;
  copy.merge(FootprintEntry{});
  expect_same_stats(copy, full);
  EXPECT_EQ(copy.samples, full.samples);
}

TEST(FootprintEntry, StddevOfFewObservations) {
  FootprintEntry e;
  EXPECT_EQ(e.stddev(), 0.0);
  e.add(2.0);
  EXPECT_EQ(e.stddev(), 0.0);
  EXPECT_EQ(e.min, 2.0);
  EXPECT_EQ(e.max, 2.0);
  e.add(4.0);
  EXPECT_DOUBLE_EQ(e.mean, 3.0);
  EXPECT_DOUBLE_EQ(e.stddev(), std::sqrt(2.0));
}

TEST(FootprintEntry, SamplesAreCappedInAddAndMerge) {
  const std::size_t cap = FootprintEntry::kMaxSamples;
  const std::vector<double> v = durations(static_cast<int>(cap) * 2, 4);
  const FootprintEntry a = from(v, 0, cap + 10);
  EXPECT_EQ(a.samples.size(), cap);
  EXPECT_EQ(a.samples, std::vector<double>(v.begin(), v.begin() + static_cast<long>(cap)));

  FootprintEntry b = from(v, 0, cap - 5);
  b.merge(from(v, cap - 5, cap + 20));
  EXPECT_EQ(b.samples.size(), cap);
  EXPECT_EQ(b.samples, std::vector<double>(v.begin(), v.begin() + static_cast<long>(cap)));
  EXPECT_EQ(b.count, cap + 20);
}

// Draws average the mean of all the observations, whatever the first ones
// kept as samples or the histogram's bins make of a rare long run: here the
// first two of 1200 runs took 20 times the others (untouched pages), the
// kind of tail whose histogram bin (uniform from the 15/16 quantile to the
// maximum) drew a loop's chunks at twice their mean.
TEST(FootprintEntry, DrawsAverageTheMean) {
  FootprintEntry e;
  for (int i = 0; i < 1200; ++i) e.add(i < 2 ? 0.012 : 0.0006 + 1e-7 * (i % 97));
  std::mt19937_64 rng(1);
  double sum = 0;
  const int n = 200000;
  for (int i = 0; i < n; ++i) sum += e.draw(rng);
  EXPECT_NEAR(sum / n, e.mean, 0.01 * e.mean);

  FootprintEntry from_histogram = e;
  from_histogram.histogram = Histogram::from_samples(e.samples);
  from_histogram.samples.clear();
  sum = 0;
  for (int i = 0; i < n; ++i) sum += from_histogram.draw(rng);
  EXPECT_NEAR(sum / n, e.mean, 0.02 * e.mean);

  FootprintEntry bare;
  bare.count = 3;
  bare.mean = 0.5;
  EXPECT_EQ(bare.draw(rng), 0.5);
}

// A sampled run's observation (weight 64) counts as 64 equal ones: the
// first runs of a kernel, all timed, then weigh what they are among all its
// runs (a loop's first two calls, on pages never touched, took 150 times
// its later ones and made its mean 3 times their typical time).
TEST(FootprintEntry, WeightedAddEqualsAddingItThatManyTimes) {
  const std::vector<double> v = durations(40, 3);
  FootprintEntry weighted, repeated;
  for (size_t i = 0; i < v.size(); ++i) {
    const uint64_t w = i < 8 ? 1 : 64;
    weighted.add(v[i], w);
    for (uint64_t k = 0; k < w; ++k) repeated.add(v[i]);
  }
  EXPECT_EQ(weighted.count, repeated.count);
  EXPECT_NEAR(weighted.mean, repeated.mean, 1e-12 * repeated.mean);
  EXPECT_NEAR(weighted.m2, repeated.m2, 1e-9 * repeated.m2);
  EXPECT_EQ(weighted.min, repeated.min);
  EXPECT_EQ(weighted.max, repeated.max);
  EXPECT_EQ(weighted.samples, v);  // each observation kept once
  EXPECT_THROW(weighted.add(1.0, 0), std::invalid_argument);
  EXPECT_EQ(weighted.count, repeated.count);
}

TEST(FootprintEntry, RejectsBadDurations) {
  FootprintEntry e;
  EXPECT_THROW(e.add(-1.0), std::invalid_argument);
  EXPECT_THROW(e.add(NAN), std::invalid_argument);
  EXPECT_THROW(e.add(INFINITY), std::invalid_argument);
  EXPECT_THROW(e.add(1e300), std::invalid_argument);  // m2 would overflow to inf
  EXPECT_EQ(e.count, 0u);
  e.add(kMaxKernelSeconds);
  EXPECT_EQ(e.count, 1u);
}

// Counts that would wrap a uint64_t (2^64 - 1 plus anything) are refused,
// never merged into a file that no reader accepts.
TEST(FootprintEntry, MergeRefusesCountsBeyond2To53) {
  FootprintEntry a, b;
  a.add(1.0);
  b.add(2.0);
  b.count = FootprintEntry::kMaxCount;
  EXPECT_THROW(a.merge(b), std::invalid_argument);
  EXPECT_EQ(a.count, 1u);
  b.count = FootprintEntry::kMaxCount - 1;
  a.merge(b);
  EXPECT_EQ(a.count, FootprintEntry::kMaxCount);
  EXPECT_THROW(a.add(1.0), std::invalid_argument);
}

TEST(FootprintEntry, AcceptsZero) {
  FootprintEntry e;
  e.add(0.0);
  EXPECT_EQ(e.count, 1u);
}

TEST(KernelModel, MergeCombinesEntriesPerFootprint) {
  KernelModel a{"gemm", "cpu", {}};
  a.entries[1].add(1.0);
  a.entries[1].footprint = 1;
  KernelModel b{"gemm", "cpu", {}};
  b.entries[1].add(3.0);
  b.entries[2].add(5.0);
  b.entries[2].size_bytes = 64;
  a.merge(b);
  ASSERT_EQ(a.entries.size(), 2u);
  EXPECT_EQ(a.entries[1].count, 2u);
  EXPECT_DOUBLE_EQ(a.entries[1].mean, 2.0);
  EXPECT_EQ(a.entries[2].footprint, 2u);
  EXPECT_EQ(a.entries[2].size_bytes, 64u);

  KernelModel blank;
  blank.merge(b);
  EXPECT_EQ(blank.kernel, "gemm");
  EXPECT_EQ(blank.arch, "cpu");

  KernelModel other{"potrf", "cpu", {}};
  EXPECT_THROW(a.merge(other), std::invalid_argument);
  KernelModel cuda{"gemm", "cuda", {}};
  EXPECT_THROW(a.merge(cuda), std::invalid_argument);
}

}  // namespace
}  // namespace hcc::models
