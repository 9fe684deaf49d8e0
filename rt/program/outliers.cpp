#include "outliers.hpp"

#include <algorithm>
#include <cstddef>

namespace hcc::rt {

double median_bound(std::vector<double> samples, double factor, Median median) {
  if (samples.empty()) return 0;
  const size_t at = median == Median::kLower ? (samples.size() - 1) / 2 : samples.size() / 2;
  auto middle = samples.begin() + static_cast<std::ptrdiff_t>(at);
  std::nth_element(samples.begin(), middle, samples.end());
  return factor * *middle;
}

Outliers outliers_of(const std::vector<double>& samples, double factor, Median median) {
  Outliers out;
  if (samples.empty()) return out;
  const double bound = median_bound(samples, factor, median);
  for (double s : samples)
    if (s > bound) {
      out.sum += s;
      ++out.count;
    }
  return out;
}

double mean_without(uint64_t count, double mean, const Outliers& outliers) {
  if (count <= outliers.count) return mean;
  const double runs = static_cast<double>(count);
  return std::max(0.0, (runs * mean - outliers.sum) / (runs - static_cast<double>(outliers.count)));
}

}  // namespace hcc::rt
