// hccmodels: models of a duration as a function of a data size in bytes.
//
// - SizeFit: T(s) = a + b * s^c, the size-based model of seed paper 000 §6
//   (a kernel's duration from its data size when the parameters are not
//   known); c is found by a 1-D search, a and b by least squares.
// - PiecewiseLinear: T(s) = latency_i + s * seconds_per_byte_i on segment i,
//   the piece-wise linear point-to-point model of SMPI (seed paper 002 §4.1)
//   for transfer costs; breakpoints are chosen among the observed sizes.
// Described in docs/calibration.md.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace hcc::models {

// T(s) = a + b * s^c, s in bytes, T in seconds.
struct SizeFit {
  double a = 0, b = 0, c = 1;
  double r2 = 0;       // 1 - SSE/SST, unweighted (1 when all durations are equal)
  double rmse = 0;     // sqrt(SSE/n), seconds
  std::size_t n = 0;   // observations fitted
};

// Fits T(s) = a + b*s^c to (size in bytes, seconds) pairs: for a given c, a
// and b are the linear least-squares solution; c minimizes the sum of squared
// residuals over [0.3, 3] (a grid of 28 values, then golden-section search
// around the best one, to |Δc| < 1e-9). relative = true weights each
// observation by 1/seconds² (least relative errors; needs seconds > 0), so
// that small sizes are not ignored when durations span orders of magnitude.
// Throws std::invalid_argument when a size is negative or a value is not
// finite, or when there are fewer than 3 distinct sizes.
SizeFit fit_size_model(const std::vector<std::pair<double, double>>& size_seconds,
                       bool relative = false);

// Predicted seconds for `bytes`.
double evaluate(const SizeFit& fit, double bytes);

// One segment of a piece-wise linear model: from_bytes <= s < the next
// segment's from_bytes (the first segment also covers smaller sizes, the last
// one larger sizes).
struct LinearSegment {
  double from_bytes = 0;
  double latency = 0;            // seconds (intercept)
  double seconds_per_byte = 0;   // slope, i.e. 1 / bandwidth
  double r2 = 0;                 // of this segment's fit
  std::size_t n = 0;             // observations in the segment
};

struct PiecewiseLinear {
  std::vector<LinearSegment> segments;  // by increasing from_bytes
  double r2 = 0;    // over all observations
  double rmse = 0;  // seconds
  std::size_t n = 0;
};

// Fits a piece-wise linear model with `segments` segments (continuity not
// required, as in SMPI). Each segment is a least-squares line over its
// observations (relative = true: weighted by 1/seconds², i.e. minimizing
// relative errors, which keeps small transfers from being ignored next to
// large ones; needs seconds > 0). The breakpoints are observed sizes, chosen
// to minimize the total (weighted) squared error over all partitions
// (exhaustive, by dynamic programming), among at most 128 candidates at
// quantiles of the distinct sizes. Each segment needs at least min_sizes
// (>= 2) distinct sizes. Throws std::invalid_argument on bad values,
// segments < 1, or fewer than min_sizes*segments distinct sizes.
PiecewiseLinear fit_piecewise(const std::vector<std::pair<double, double>>& bytes_seconds,
                              int segments = 3, bool relative = false, int min_sizes = 2);

// Predicted seconds for `bytes`.
double evaluate(const PiecewiseLinear& model, double bytes);

}  // namespace hcc::models
