#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "draws.hpp"
#include "hccmodels/model_file.hpp"

namespace hcc::models {

double FootprintEntry::stddev() const {
  if (count < 2) return 0.0;
  return std::sqrt(std::max(m2, 0.0) / static_cast<double>(count - 1));
}

void FootprintEntry::add(double seconds, uint64_t weight) {
  if (!(seconds >= 0 && seconds <= kMaxKernelSeconds)) {
    char got[32];
    std::snprintf(got, sizeof got, "%g", seconds);
    throw std::invalid_argument(std::string("kernel duration must be in [0, 1e7] s, got ") + got);
  }
  if (weight == 0) throw std::invalid_argument("an observation's weight must be at least 1");
  if (count >= kMaxCount || weight > kMaxCount - count) throw std::invalid_argument("more than 2^53 observations");
  if (count == 0) {
    min = max = seconds;
  } else {
    min = std::min(min, seconds);
    max = std::max(max, seconds);
  }
  // Welford's update for `weight` equal observations at once (West 1979).
  count += weight;
  const double w = static_cast<double>(weight);
  const double delta = seconds - mean;
  mean += delta * w / static_cast<double>(count);
  m2 += w * delta * (seconds - mean);
  if (samples.size() < kMaxSamples) samples.push_back(seconds);
}

void FootprintEntry::merge(const FootprintEntry& other) {
  if (size_bytes == 0) size_bytes = other.size_bytes;
  if (other.count == 0) return;
  if (count > kMaxCount || other.count > kMaxCount - count)
    throw std::invalid_argument("merged count " + std::to_string(count) + " + " +
                                std::to_string(other.count) + " is more than 2^53 observations");
  if (count == 0) {
    const uint64_t fp = footprint, sz = size_bytes;
    *this = other;
    if (fp != 0) footprint = fp;
    size_bytes = sz;
    if (samples.size() > kMaxSamples) samples.resize(kMaxSamples);
    return;
  }
  // Chan, Golub, LeVeque: combining two sets of (count, mean, M2).
  const double na = static_cast<double>(count), nb = static_cast<double>(other.count);
  const uint64_t n = count + other.count;
  const double nn = static_cast<double>(n);
  const double delta = other.mean - mean;
  mean += delta * (nb / nn);
  m2 += other.m2 + delta * delta * (na * nb / nn);
  count = n;
  min = std::min(min, other.min);
  max = std::max(max, other.max);
  const std::size_t room = kMaxSamples > samples.size() ? kMaxSamples - samples.size() : 0;
  const std::size_t take = std::min(room, other.samples.size());
  samples.insert(samples.end(), other.samples.begin(),
                 other.samples.begin() + static_cast<std::ptrdiff_t>(take));
}

double FootprintEntry::draw(std::mt19937_64& rng) const {
  double value = 0, average = 0;
  if (!samples.empty()) {
    value = samples[draws::below(rng, samples.size())];
    for (double x : samples) average += x;
    average /= static_cast<double>(samples.size());
  } else if (!histogram.empty()) {
    value = histogram.sample(rng);
    average = histogram.mean();
  } else {
    return mean;
  }
  return average > 0 ? value * (mean / average) : mean;
}

void KernelModel::merge(const KernelModel& other) {
  if (kernel.empty()) kernel = other.kernel;
  if (arch.empty()) arch = other.arch;
  if ((!other.kernel.empty() && other.kernel != kernel) || (!other.arch.empty() && other.arch != arch))
    throw std::invalid_argument("cannot merge the model of kernel '" + other.kernel + "' on '" +
                                other.arch + "' into that of kernel '" + kernel + "' on '" + arch +
                                "'");
  for (const auto& [fp, e] : other.entries) {
    FootprintEntry& mine = entries[fp];
    mine.footprint = fp;
    mine.merge(e);
    mine.footprint = fp;
  }
  if (other.regression) regression = other.regression;
}

}  // namespace hcc::models
