#include "split_loops.hpp"

#include <algorithm>
#include <cmath>

namespace hcc::rt {

void SplitSide::observe(double iterations, double seconds) {
  if (!(iterations > 0) || !(seconds >= 0)) return;
  if (points_ > 0 && x_[1] == iterations) {  // the same size again: its latest time
    t_[1] = seconds;
    return;
  }
  x_[0] = x_[1], t_[0] = t_[1];
  x_[1] = iterations, t_[1] = seconds;
  points_ = std::min(points_ + 1, 2);
}

void SplitSide::seed(double intercept, double slope) {
  seeded_ = true;
  seed_intercept_ = std::max(0.0, intercept);
  seed_slope_ = std::max(0.0, slope);
}

// Two runs make a line; a line that would fall with more iterations
// (timing noise) or one run make a proportion.
double SplitSide::slope() const {
  if (points_ == 0) return seed_slope_;
  if (points_ == 2) {
    const double b = (t_[1] - t_[0]) / (x_[1] - x_[0]);
    if (b > 0 && t_[1] - b * x_[1] >= 0) return b;
  }
  return t_[1] / x_[1];
}

double SplitSide::intercept() const {
  if (points_ == 0) return seed_intercept_;
  return std::max(0.0, t_[1] - slope() * x_[1]);
}

long gpu_iterations(const SplitHistory& h, long n, double cpu_slowdown) {
  if (n <= 0) return 0;
  if (!h.cpu.known() || !h.gpu.known()) return n / 2;
  // intercept_c + slope_c (n - g) = intercept_g + slope_g g
  const double bc = h.cpu.slope() * cpu_slowdown, bg = h.gpu.slope();
  if (bc + bg <= 0) return n / 2;
  const double g = (h.cpu.intercept() * cpu_slowdown + bc * static_cast<double>(n) - h.gpu.intercept()) / (bc + bg);
  if (!std::isfinite(g)) return n / 2;
  return std::clamp(std::lround(g), 0L, n);
}

}  // namespace hcc::rt
