// Size-based and piece-wise linear models (transfer_models.hpp).
#include "hccmodels/transfer_models.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace hcc::models {

namespace {

void check_pairs(const std::vector<std::pair<double, double>>& pairs, const char* who) {
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const auto& [s, t] = pairs[i];
    if (!std::isfinite(s) || !std::isfinite(t))
      throw std::invalid_argument(std::string(who) + ": observation " + std::to_string(i) +
                                  " is not finite");
    if (s < 0)
      throw std::invalid_argument(std::string(who) + ": observation " + std::to_string(i) +
                                  " has a negative size");
  }
}

std::size_t distinct_sizes(std::vector<double> sizes) {
  std::sort(sizes.begin(), sizes.end());
  return static_cast<std::size_t>(std::unique(sizes.begin(), sizes.end()) - sizes.begin());
}

struct Line {
  double a = 0, b = 0, sse = 0, sst = 0;
};

// Weighted least-squares line y = a + b*x over [first, last) (two-pass,
// centered). w may be empty (all weights 1).
Line fit_line(const std::vector<double>& x, const std::vector<double>& y,
              const std::vector<double>& w, std::size_t first, std::size_t last) {
  double sw = 0, sx = 0, sy = 0;
  for (std::size_t i = first; i < last; ++i) {
    const double wi = w.empty() ? 1.0 : w[i];
    sw += wi, sx += wi * x[i], sy += wi * y[i];
  }
  const double xm = sx / sw, ym = sy / sw;
  double sxx = 0, sxy = 0, syy = 0;
  for (std::size_t i = first; i < last; ++i) {
    const double wi = w.empty() ? 1.0 : w[i];
    const double dx = x[i] - xm, dy = y[i] - ym;
    sxx += wi * dx * dx, sxy += wi * dx * dy, syy += wi * dy * dy;
  }
  Line l;
  l.b = sxx > 0 ? sxy / sxx : 0;
  l.a = ym - l.b * xm;
  for (std::size_t i = first; i < last; ++i) {
    const double wi = w.empty() ? 1.0 : w[i];
    const double e = y[i] - l.a - l.b * x[i];
    l.sse += wi * e * e;
  }
  l.sst = syy;
  return l;
}

double r2_of(double sse, double sst) { return sst > 0 ? 1 - sse / sst : 1.0; }

}  // namespace

// ---- T(s) = a + b*s^c -------------------------------------------------------

SizeFit fit_size_model(const std::vector<std::pair<double, double>>& size_seconds,
                       bool relative) {
  check_pairs(size_seconds, "fit_size_model");
  std::vector<double> sizes, y;
  for (const auto& [s, t] : size_seconds) sizes.push_back(s), y.push_back(t);
  if (distinct_sizes(sizes) < 3)
    throw std::invalid_argument("fit_size_model: needs at least 3 distinct sizes, got " +
                                std::to_string(distinct_sizes(sizes)));
  const double smax = *std::max_element(sizes.begin(), sizes.end());
  const std::size_t n = sizes.size();
  std::vector<double> x(n), w;
  if (relative) {
    for (double t : y) {
      if (!(t > 0))
        throw std::invalid_argument("fit_size_model: relative fitting needs durations > 0");
      w.push_back(1 / (t * t));
    }
  }
  // Sizes are scaled to (0, 1] so that s^c stays well within range.
  auto line_for = [&](double c) {
    for (std::size_t i = 0; i < n; ++i) x[i] = std::pow(sizes[i] / smax, c);
    return fit_line(x, y, w, 0, n);
  };
  constexpr double lo = 0.3, hi = 3.0, step = 0.1;
  constexpr int grid = 28;  // 0.3, 0.4, ..., 3.0
  int best = 0;
  double best_sse = std::numeric_limits<double>::infinity();
  for (int k = 0; k < grid; ++k) {
    const double sse = line_for(lo + step * k).sse;
    if (sse < best_sse) best_sse = sse, best = k;
  }
  // Golden-section search in the grid cell on either side of the best point.
  double l = std::max(lo, lo + step * (best - 1)), r = std::min(hi, lo + step * (best + 1));
  const double g = (std::sqrt(5.0) - 1) / 2;
  double c1 = r - g * (r - l), c2 = l + g * (r - l);
  double f1 = line_for(c1).sse, f2 = line_for(c2).sse;
  while (r - l > 1e-9) {
    if (f1 <= f2) {
      r = c2, c2 = c1, f2 = f1;
      c1 = r - g * (r - l), f1 = line_for(c1).sse;
    } else {
      l = c1, c1 = c2, f1 = f2;
      c2 = l + g * (r - l), f2 = line_for(c2).sse;
    }
  }
  double c = (l + r) / 2;
  Line fit = line_for(c);
  const double grid_c = lo + step * best;
  if (best_sse < fit.sse) c = grid_c, fit = line_for(c);  // a flat minimum at a grid point
  SizeFit out;
  out.c = c;
  out.a = fit.a;
  out.b = fit.b / std::pow(smax, c);
  double sse = 0, ym = 0, sst = 0;
  for (double v : y) ym += v;
  ym /= static_cast<double>(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double e = y[i] - evaluate(out, sizes[i]);
    sse += e * e;
    sst += (y[i] - ym) * (y[i] - ym);
  }
  out.r2 = r2_of(sse, sst);
  out.rmse = std::sqrt(sse / static_cast<double>(n));
  out.n = n;
  return out;
}

double evaluate(const SizeFit& fit, double bytes) { return fit.a + fit.b * std::pow(bytes, fit.c); }

// ---- piece-wise linear -------------------------------------------------------

PiecewiseLinear fit_piecewise(const std::vector<std::pair<double, double>>& bytes_seconds,
                              int segments, bool relative, int min_sizes) {
  check_pairs(bytes_seconds, "fit_piecewise");
  if (segments < 1) throw std::invalid_argument("fit_piecewise: segments must be at least 1");
  std::vector<std::pair<double, double>> pts = bytes_seconds;
  std::sort(pts.begin(), pts.end());
  const std::size_t n = pts.size();
  std::vector<double> x(n), y(n), w;
  for (std::size_t i = 0; i < n; ++i) x[i] = pts[i].first, y[i] = pts[i].second;
  if (relative) {
    w.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      if (!(y[i] > 0))
        throw std::invalid_argument("fit_piecewise: relative fitting needs durations > 0");
      w[i] = 1 / (y[i] * y[i]);
    }
  }
  // Positions where a new distinct size starts, and the count of distinct
  // sizes before each position.
  std::vector<std::size_t> starts;
  std::vector<std::size_t> dcount(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const bool is_new = i == 0 || x[i] != x[i - 1];
    if (is_new) starts.push_back(i);
    dcount[i + 1] = dcount[i] + (is_new ? 1 : 0);
  }
  const std::size_t distinct = starts.size();
  if (min_sizes < 2) throw std::invalid_argument("fit_piecewise: a segment needs at least 2 distinct sizes");
  const auto per_segment = static_cast<std::size_t>(min_sizes);
  const std::size_t need = per_segment * static_cast<std::size_t>(segments);
  if (distinct < need)
    throw std::invalid_argument("fit_piecewise: " + std::to_string(segments) +
                                " segments need at least " + std::to_string(need) +
                                " distinct sizes, got " + std::to_string(distinct));
  // Candidate boundaries (positions into the sorted points): 0, up to 128
  // distinct-size starts at quantiles, n.
  constexpr std::size_t kMaxCandidates = 128;
  std::vector<std::size_t> bounds{0};
  if (distinct - 1 <= kMaxCandidates) {
    bounds.insert(bounds.end(), starts.begin() + 1, starts.end());
  } else {
    for (std::size_t k = 1; k <= kMaxCandidates; ++k) {
      const std::size_t idx = (k * distinct) / (kMaxCandidates + 1);
      if (idx >= 1 && starts[idx] != bounds.back()) bounds.push_back(starts[idx]);
    }
  }
  bounds.push_back(n);
  const std::size_t m = bounds.size();
  const double inf = std::numeric_limits<double>::infinity();
  // cost[i][j]: squared error of one line over bounds[i]..bounds[j].
  std::vector<std::vector<double>> cost(m, std::vector<double>(m, inf));
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = i + 1; j < m; ++j)
      if (dcount[bounds[j]] - dcount[bounds[i]] >= per_segment)
        cost[i][j] = fit_line(x, y, w, bounds[i], bounds[j]).sse;
  // best[k][j]: least error of k+1 segments over bounds[0]..bounds[j].
  const auto S = static_cast<std::size_t>(segments);
  std::vector<std::vector<double>> best(S, std::vector<double>(m, inf));
  std::vector<std::vector<std::size_t>> from(S, std::vector<std::size_t>(m, 0));
  for (std::size_t j = 1; j < m; ++j) best[0][j] = cost[0][j];
  for (std::size_t k = 1; k < S; ++k)
    for (std::size_t j = 1; j < m; ++j)
      for (std::size_t i = 1; i < j; ++i)
        if (best[k - 1][i] < inf && cost[i][j] < inf && best[k - 1][i] + cost[i][j] < best[k][j]) {
          best[k][j] = best[k - 1][i] + cost[i][j];
          from[k][j] = i;
        }
  if (!(best[S - 1][m - 1] < inf))
    throw std::invalid_argument("fit_piecewise: cannot split the sizes into " +
                                std::to_string(segments) + " segments of " + std::to_string(min_sizes) +
                                " distinct sizes each");
  std::vector<std::size_t> cut(S + 1);
  cut[S] = m - 1;
  for (std::size_t k = S - 1; k > 0; --k) cut[k] = from[k][cut[k + 1]];
  cut[0] = 0;

  PiecewiseLinear out;
  double sse = 0;
  for (std::size_t k = 0; k < S; ++k) {
    const std::size_t first = bounds[cut[k]], last = bounds[cut[k + 1]];
    const Line l = fit_line(x, y, w, first, last);
    LinearSegment seg;
    seg.from_bytes = k == 0 ? 0.0 : x[first];
    seg.latency = l.a;
    seg.seconds_per_byte = l.b;
    seg.r2 = r2_of(l.sse, l.sst);
    seg.n = last - first;
    out.segments.push_back(seg);
    for (std::size_t i = first; i < last; ++i) {
      const double e = y[i] - l.a - l.b * x[i];
      sse += e * e;
    }
  }
  double ym = 0;
  for (double v : y) ym += v;
  ym /= static_cast<double>(n);
  double sst = 0;
  for (double v : y) sst += (v - ym) * (v - ym);
  out.r2 = r2_of(sse, sst);
  out.rmse = std::sqrt(sse / static_cast<double>(n));
  out.n = n;
  return out;
}

double evaluate(const PiecewiseLinear& model, double bytes) {
  if (model.segments.empty()) return 0;
  std::size_t k = 0;
  while (k + 1 < model.segments.size() && bytes >= model.segments[k + 1].from_bytes) ++k;
  const LinearSegment& s = model.segments[k];
  return s.latency + s.seconds_per_byte * bytes;
}

}  // namespace hcc::models
