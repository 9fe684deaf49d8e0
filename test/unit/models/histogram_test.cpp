#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>
#include <vector>

#include "hccmodels/model_file.hpp"

namespace hcc::models {
namespace {

uint64_t total(const Histogram& h) {
  return std::accumulate(h.counts.begin(), h.counts.end(), uint64_t{0});
}

// Skewed data (like kernel durations with a long tail), shuffled.
std::vector<double> skewed(int n) {
  std::vector<double> v;
  for (int i = 1; i <= n; ++i) v.push_back(1e-3 * i * i);
  std::mt19937_64 rng(7);
  for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng() % i]);
  return v;
}

TEST(Histogram, QuantileEdgesGiveVariableWidthBins) {
  const std::vector<double> v = skewed(200);
  const Histogram h = Histogram::from_samples(v, 8);
  ASSERT_EQ(h.counts.size(), 8u);
  ASSERT_EQ(h.edges.size(), h.counts.size() + 1);
  EXPECT_EQ(total(h), v.size());
  EXPECT_DOUBLE_EQ(h.edges.front(), *std::min_element(v.begin(), v.end()));
  EXPECT_DOUBLE_EQ(h.edges.back(), *std::max_element(v.begin(), v.end()));
  double narrow = INFINITY, wide = 0;
  for (std::size_t i = 0; i + 1 < h.edges.size(); ++i) {
    const double w = h.edges[i + 1] - h.edges[i];
    EXPECT_GT(w, 0.0) << "edges must increase, bin " << i;
    narrow = std::min(narrow, w);
    wide = std::max(wide, w);
  }
  EXPECT_GT(wide, 3 * narrow) << "bins should follow the data, not be equal-width";
  // Quantile bins hold roughly equal counts.
  for (uint64_t c : h.counts) EXPECT_NEAR(static_cast<double>(c), 25.0, 2.0);
}

TEST(Histogram, CountsSumToNAndBinsNeverExceedMax) {
  for (int n : {2, 3, 5, 16, 17, 100, 1000}) {
    for (int bins : {1, 4, 16, 64}) {
      const Histogram h = Histogram::from_samples(skewed(n), bins);
      EXPECT_EQ(total(h), static_cast<uint64_t>(n)) << n << " samples, " << bins << " bins";
      EXPECT_LE(h.counts.size(), static_cast<std::size_t>(bins));
      EXPECT_EQ(h.edges.size(), h.counts.size() + 1);
      EXPECT_TRUE(std::is_sorted(h.edges.begin(), h.edges.end()));
    }
  }
}

TEST(Histogram, DuplicatesAreCountedOnce) {
  std::vector<double> v(50, 2.0);
  v.push_back(1.0);
  v.push_back(9.0);
  const Histogram h = Histogram::from_samples(v, 16);
  EXPECT_EQ(total(h), v.size());
  EXPECT_TRUE(std::adjacent_find(h.edges.begin(), h.edges.end()) == h.edges.end())
      << "repeated edges should be merged";
  EXPECT_DOUBLE_EQ(h.edges.front(), 1.0);
  EXPECT_DOUBLE_EQ(h.edges.back(), 9.0);
}

TEST(Histogram, OneSampleAndAllEqualSamples) {
  for (const std::vector<double>& v : {std::vector<double>{0.5}, std::vector<double>(10, 0.5)}) {
    const Histogram h = Histogram::from_samples(v);
    ASSERT_FALSE(h.empty());
    ASSERT_EQ(h.counts.size(), 1u);
    EXPECT_EQ(h.counts[0], v.size());
    EXPECT_EQ(h.edges, (std::vector<double>{0.5, 0.5}));
    std::mt19937_64 rng(1);
    for (int i = 0; i < 10; ++i) EXPECT_EQ(h.sample(rng), 0.5);
  }
}

TEST(Histogram, EmptyAndNonFiniteInput) {
  EXPECT_TRUE(Histogram::from_samples({}).empty());
  EXPECT_TRUE(Histogram::from_samples({NAN, INFINITY}).empty());
  const Histogram h = Histogram::from_samples({1.0, NAN, 3.0});
  EXPECT_EQ(total(h), 2u);
  EXPECT_TRUE(Histogram{}.empty());
  EXPECT_TRUE((Histogram{{0.0, 1.0}, {0}}).empty());
  std::mt19937_64 rng(1);
  EXPECT_THROW(Histogram{}.sample(rng), std::logic_error);
}

TEST(Histogram, SamplingIsReproducibleAndInRange) {
  const std::vector<double> v = skewed(300);
  const double lo = *std::min_element(v.begin(), v.end());
  const double hi = *std::max_element(v.begin(), v.end());
  const Histogram h = Histogram::from_samples(v);
  std::mt19937_64 a(12345), b(12345), c(54321);
  bool differs = false;
  for (int i = 0; i < 10000; ++i) {
    const double x = h.sample(a);
    EXPECT_EQ(x, h.sample(b));
    differs |= x != h.sample(c);
    ASSERT_GE(x, lo);
    ASSERT_LE(x, hi);
  }
  EXPECT_TRUE(differs) << "a different seed should give different draws";
}

TEST(Histogram, SamplingUsesOnlyRngArithmetic) {
  // Re-derive the first draw from the raw generator output: bin by
  // multiply-shift on the count total, then 53 bits for the position.
  const Histogram h{{0.0, 1.0, 3.0}, {1, 3}};
  std::mt19937_64 rng(99), raw(99);
  const double x = h.sample(rng);
  const uint64_t r1 = raw(), r2 = raw();
  __extension__ using u128 = unsigned __int128;
  const uint64_t pick = static_cast<uint64_t>((static_cast<u128>(r1) * 4) >> 64);
  const double u = static_cast<double>(r2 >> 11) * 0x1.0p-53;
  const double expect = pick < 1 ? u * 1.0 : 1.0 + u * 2.0;
  EXPECT_EQ(x, expect);
  EXPECT_EQ(rng(), raw()) << "a draw consumes exactly two rng() values";
}

TEST(Histogram, SamplingFollowsCountWeights) {
  const Histogram h{{0.0, 1.0, 2.0, 10.0}, {1, 2, 7}};
  std::mt19937_64 rng(3);
  int bins[3] = {0, 0, 0};
  const int n = 100000;
  for (int i = 0; i < n; ++i) {
    const double x = h.sample(rng);
    ++bins[x < 1.0 ? 0 : x < 2.0 ? 1 : 2];
  }
  EXPECT_NEAR(bins[0] / double(n), 0.1, 0.01);
  EXPECT_NEAR(bins[1] / double(n), 0.2, 0.01);
  EXPECT_NEAR(bins[2] / double(n), 0.7, 0.01);
}

}  // namespace
}  // namespace hcc::models
