// SMPI's network model from a ping-pong (network.hpp).
#include "hccmodels/network.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>
#include <stdexcept>

namespace hcc::models {

std::vector<std::pair<double, double>> read_pingpong_csv(const std::string& text) {
  std::vector<std::pair<double, double>> points;
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line.rfind("bytes", 0) == 0) continue;
    double bytes = 0, seconds = 0;
    char comma = 0;
    std::istringstream fields(line);
    if (!(fields >> bytes >> comma >> seconds) || comma != ',' || !(bytes >= 0) || !(seconds > 0) ||
        !std::isfinite(seconds))
      throw std::runtime_error("ping-pong line " + std::to_string(number) + ": '" + line +
                               "' is not 'bytes,seconds' with seconds > 0");
    points.emplace_back(bytes, seconds);
  }
  return points;
}

namespace {

// A segment whose line crosses zero (a negative intercept for large
// messages, a flat or falling slope for small ones) cannot be SMPI factors,
// which are positive: it is fitted again with the intercept held at the
// link's latency (slope only), or, when the slope still is not positive, as
// a constant time (least relative errors, as fit_piecewise).
void refit_positive(const std::vector<std::pair<double, double>>& points, const std::vector<LinearSegment>& segs,
                    size_t k, double latency, LinearSegment& s) {
  const double lo = segs[k].from_bytes, hi = k + 1 < segs.size() ? segs[k + 1].from_bytes : INFINITY;
  double sxx = 0, sxy = 0, sw = 0, swy = 0;
  for (const auto& [x, y] : points) {
    if (x < lo || x >= hi) continue;
    const double w = 1 / (y * y);
    sxx += w * x * x;
    sxy += w * x * (y - latency);
    sw += w;
    swy += w * y;
  }
  if (sxx > 0 && sxy > 0) {
    s.latency = latency;
    s.seconds_per_byte = sxy / sxx;
  } else if (sw > 0) {
    s.latency = swy / sw;
    s.seconds_per_byte = 0;
  }
}

// The model of a `segments`-segment fit (see fit_network).
NetworkModel model_of(const std::vector<std::pair<double, double>>& bytes_seconds, int segments) {
  NetworkModel m;
  // A segment spans at least two powers of two (hcc-pingpong measures four
  // sizes per power of two): narrower ones would fit the noise.
  m.fit = fit_piecewise(bytes_seconds, segments, /*relative=*/true, /*min_sizes=*/8);
  const std::vector<LinearSegment>& segs = m.fit.segments;
  // The link: the first segment's latency, the last segment's bandwidth;
  // each segment's factors scale them to its line.
  double min_time = bytes_seconds.front().second;
  for (const auto& point : bytes_seconds) min_time = std::min(min_time, point.second);
  m.latency = segs.front().latency > 0 ? segs.front().latency : min_time;
  const double last_slope = segs.back().seconds_per_byte;
  if (!(last_slope > 0))
    throw std::invalid_argument("the largest messages do not take longer with size (slope " +
                                std::to_string(last_slope) + " s/B): measure larger messages");
  m.bandwidth = 1 / last_slope;
  for (size_t k = 0; k < segs.size(); ++k) {
    LinearSegment s = segs[k];
    if (s.latency <= 0 || s.seconds_per_byte <= 0) refit_positive(bytes_seconds, segs, k, m.latency, s);
    NetworkModel::Factors f;
    f.from_bytes = s.from_bytes;
    f.bw_factor = last_slope / std::max(s.seconds_per_byte, last_slope * 1e-3);
    f.lat_factor = std::max(s.latency, m.latency * 1e-3) / m.latency;
    m.factors.push_back(f);
  }
  // The eager limit: the breakpoint where the time jumps most.
  double jump = 1;
  for (size_t k = 1; k < m.factors.size(); ++k) {
    const double at = m.factors[k].from_bytes;
    const NetworkModel::Factors &before = m.factors[k - 1], &after = m.factors[k];
    const double ratio = (m.latency * after.lat_factor + at / (m.bandwidth * after.bw_factor)) /
                         (m.latency * before.lat_factor + at / (m.bandwidth * before.bw_factor));
    if (ratio > jump) {
      jump = ratio;
      m.eager_bytes = at;
    }
  }
  std::vector<std::pair<double, double>> predicted;
  for (const auto& point : bytes_seconds) predicted.emplace_back(point.first, network_time(m, point.first));
  m.mean_log_error = mean_log_error(bytes_seconds, predicted);
  return m;
}

}  // namespace

NetworkModel fit_network(const std::vector<std::pair<double, double>>& bytes_seconds, int min_segments,
                         int max_segments) {
  // seed 002 finds 3 segments enough on Ethernet; the caches of a shared-
  // memory transport add more regimes. The fewest segments within half a
  // percent (logarithmic) of the best fit.
  std::vector<NetworkModel> fits;
  std::string why;
  for (int k = min_segments; k <= max_segments; ++k) {
    try {
      fits.push_back(model_of(bytes_seconds, k));
    } catch (const std::invalid_argument& e) {
      if (fits.empty()) why = e.what();
      break;  // too few sizes for more segments
    }
  }
  if (fits.empty()) throw std::invalid_argument(why);
  double best = fits.front().mean_log_error;
  for (const NetworkModel& m : fits) best = std::min(best, m.mean_log_error);
  for (const NetworkModel& m : fits)
    if (m.mean_log_error <= best + 0.005) return m;
  return fits.front();
}

double network_time(const NetworkModel& model, double bytes) {
  const NetworkModel::Factors* f = &model.factors.front();
  for (const NetworkModel::Factors& g : model.factors)
    if (bytes >= g.from_bytes) f = &g;
  return model.latency * f->lat_factor + bytes / (model.bandwidth * f->bw_factor);
}

double mean_log_error(const std::vector<std::pair<double, double>>& reference,
                      const std::vector<std::pair<double, double>>& measured) {
  std::map<double, double> ref(reference.begin(), reference.end());
  double sum = 0;
  int n = 0;
  for (const auto& [bytes, seconds] : measured) {
    auto it = ref.find(bytes);
    if (it == ref.end() || !(it->second > 0) || !(seconds > 0)) continue;
    sum += std::fabs(std::log(seconds) - std::log(it->second));
    ++n;
  }
  if (n == 0) throw std::invalid_argument("mean_log_error: no size in common");
  return sum / n;
}

namespace {
std::string num(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", x);
  return buf;
}
}  // namespace

std::string network_platform_xml(const NetworkModel& model, const std::string& name, int hosts, unsigned cores,
                                 double speed, uint64_t memory) {
  // SMPI 3.32 looks a message's factors up at its payload plus kLookup bytes
  // (a factor "T:f" applies above T), and its bandwidth term carries
  // kTransfer bytes more than the payload (measured with hcc-pingpong:
  // thresholds in one-byte steps, and bandwidth factors from 1 to 0.02). A
  // segment from F bytes is written from F + kLookup - 1, and its latency
  // factor takes the extra bytes' transfer off.
  constexpr double kLookup = 16, kTransfer = 32;
  std::string lat, bw;
  for (auto it = model.factors.rbegin(); it != model.factors.rend(); ++it) {
    const double from = it->from_bytes > 0 ? it->from_bytes + kLookup - 1 : 0;
    const double envelope = kTransfer / (model.bandwidth * it->bw_factor);
    const double lat_factor = std::max(it->lat_factor - envelope / model.latency, 1e-3);
    lat += (lat.empty() ? "" : ";") + num(from) + ":" + num(lat_factor);
    bw += (bw.empty() ? "" : ";") + num(from) + ":" + num(it->bw_factor);
  }
  std::ostringstream x;
  x << "<?xml version='1.0'?>\n"
    << "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
    << "<!-- Written by hcc-calibrate --network: " << hosts << " hosts joined by the link a ping-pong between two\n"
    << "     OpenMPI ranks measured, fitted with " << model.factors.size()
    << " linear segments (seed 002, section 4.1; docs/calibration.md).\n"
    << "     Model error over the measured sizes: " << num(100 * (std::exp(model.mean_log_error) - 1))
    << " % (logarithmic). -->\n"
    << "<platform version=\"4.1\">\n"
    << "  <config>\n"
    << "    <prop id=\"smpi/lat-factor\" value=\"" << lat << "\"/>\n"
    << "    <prop id=\"smpi/bw-factor\" value=\"" << bw << "\"/>\n"
    << "    <prop id=\"smpi/async-small-thresh\" value=\"" << num(model.eager_bytes) << "\"/>\n"
    << "    <prop id=\"smpi/send-is-detached-thresh\" value=\"" << num(model.eager_bytes) << "\"/>\n"
    << "    <prop id=\"network/crosstraffic\" value=\"0\"/>\n"
    << "    <prop id=\"smpi/wtime\" value=\"0\"/>\n"
    << "  </config>\n"
    << "  <zone id=\"" << name << "\" routing=\"Full\">\n";
  for (int h = 0; h < hosts; ++h) {
    x << "    <host id=\"node-" << h << "\" speed=\"" << num(speed) << "f\" core=\"" << cores << "\">\n";
    if (memory) x << "      <prop id=\"hcc.memory\" value=\"" << memory << "\"/>\n";
    x << "    </host>\n";
  }
  x << "    <link id=\"network\" bandwidth=\"" << num(model.bandwidth) << "Bps\" latency=\"" << num(model.latency)
    << "s\" sharing_policy=\"SHARED\"/>\n";
  for (int a = 0; a < hosts; ++a)
    for (int b = a + 1; b < hosts; ++b)
      x << "    <route src=\"node-" << a << "\" dst=\"node-" << b << "\"><link_ctn id=\"network\"/></route>\n";
  x << "  </zone>\n</platform>\n";
  return x.str();
}

}  // namespace hcc::models
