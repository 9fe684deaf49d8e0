#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "draws.hpp"
#include "hccmodels/model_file.hpp"

namespace hcc::models {

Histogram Histogram::from_samples(std::vector<double> samples, int max_bins) {
  std::erase_if(samples, [](double x) { return !std::isfinite(x); });
  Histogram h;
  if (samples.empty()) return h;
  std::sort(samples.begin(), samples.end());
  const std::size_t n = samples.size();
  if (samples.front() == samples.back()) {
    h.edges = {samples.front(), samples.front()};
    h.counts = {n};
    return h;
  }
  const std::size_t bins = std::min<std::size_t>(static_cast<std::size_t>(std::max(max_bins, 1)), n);
  // Edges at the quantiles i/bins (nearest rank), duplicates dropped.
  h.edges.reserve(bins + 1);
  for (std::size_t i = 0; i <= bins; ++i) {
    const double e = samples[(i * (n - 1) + bins / 2) / bins];
    if (h.edges.empty() || e > h.edges.back()) h.edges.push_back(e);
  }
  h.counts.assign(h.edges.size() - 1, 0);
  // Samples are sorted: sweep the bins once. Bin b is [edges[b], edges[b+1]),
  // the last bin also takes its upper edge (the maximum).
  std::size_t b = 0;
  for (double x : samples) {
    while (b + 1 < h.counts.size() && x >= h.edges[b + 1]) ++b;
    ++h.counts[b];
  }
  return h;
}

double Histogram::mean() const {
  double sum = 0;
  uint64_t total = 0;
  for (std::size_t b = 0; b < counts.size() && b + 1 < edges.size(); ++b) {
    sum += static_cast<double>(counts[b]) * (edges[b] + edges[b + 1]) / 2;
    total += counts[b];
  }
  return total == 0 ? 0.0 : sum / static_cast<double>(total);
}

bool Histogram::empty() const {
  for (uint64_t c : counts)
    if (c != 0) return false;
  return true;
}

double Histogram::sample(std::mt19937_64& rng) const {
  uint64_t total = 0;
  for (uint64_t c : counts) total += c;
  if (total == 0 || edges.size() != counts.size() + 1)
    throw std::logic_error("hcc::models::Histogram::sample on an empty histogram");
  uint64_t r = draws::below(rng, total);
  std::size_t b = 0;
  while (r >= counts[b]) r -= counts[b++];
  const double lo = edges[b], hi = edges[b + 1];
  const double u = draws::unit(rng);
  return std::min(hi, lo + u * (hi - lo));
}

}  // namespace hcc::models
