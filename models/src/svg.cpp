// Minimal SVG plots for calibration reports.
#include "hccmodels/svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace hcc::models {
namespace {

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

std::string tick_label(double v) {
  if (std::fabs(v) < 1e-300) return "0";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

struct Range {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  void add(double v) {
    if (!std::isfinite(v)) return;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  void finish() {
    if (!(lo <= hi)) lo = 0, hi = 1;
    if (hi - lo <= 0) {
      const double pad = lo == 0 ? 1 : std::fabs(lo) * 0.1;
      lo -= pad;
      hi += pad;
    } else {
      const double pad = (hi - lo) * 0.05;
      lo -= pad;
      hi += pad;
    }
  }
};

// About five "nice" tick values (1, 2, 5 times a power of ten) inside [lo, hi].
std::vector<double> ticks(double lo, double hi) {
  const double raw = (hi - lo) / 5;
  const double mag = std::pow(10, std::floor(std::log10(raw)));
  double step = mag;
  for (double f : {1.0, 2.0, 5.0, 10.0})
    if (f * mag >= raw) {
      step = f * mag;
      break;
    }
  std::vector<double> out;
  for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9 && out.size() < 20; t += step)
    out.push_back(std::fabs(t) < step * 1e-9 ? 0 : t);
  return out;
}

}  // namespace

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

SvgPlot::SvgPlot(std::string title, std::string xlabel, std::string ylabel, int width, int height)
    : title_(std::move(title)), xlabel_(std::move(xlabel)), ylabel_(std::move(ylabel)),
      width_(width), height_(height) {}

void SvgPlot::points(const std::vector<double>& x, const std::vector<double>& y) {
  for (std::size_t i = 0; i < std::min(x.size(), y.size()); ++i)
    if (std::isfinite(x[i]) && std::isfinite(y[i])) {
      px_.push_back(x[i]);
      py_.push_back(y[i]);
    }
}

void SvgPlot::line(double x0, double y0, double x1, double y1) {
  if (std::isfinite(x0) && std::isfinite(y0) && std::isfinite(x1) && std::isfinite(y1))
    lines_.push_back({x0, y0, x1, y1});
}

void SvgPlot::bars(const std::vector<double>& edges, const std::vector<double>& heights) {
  if (edges.size() != heights.size() + 1) return;
  edges_ = edges;
  heights_ = heights;
}

std::string SvgPlot::str(const std::string& css_class) const {
  Range xr, yr;
  for (double v : px_) xr.add(v);
  for (double v : py_) yr.add(v);
  for (const Seg& s : lines_) {
    xr.add(s.x0), xr.add(s.x1);
    yr.add(s.y0), yr.add(s.y1);
  }
  for (double e : edges_) xr.add(e);
  if (!heights_.empty()) yr.add(0);
  for (double h : heights_) yr.add(h);
  xr.finish();
  yr.finish();

  const double left = 64, right = 12, top = 28, bottom = 44;
  const double pw = width_ - left - right, ph = height_ - top - bottom;
  const auto X = [&](double v) { return left + (v - xr.lo) / (xr.hi - xr.lo) * pw; };
  const auto Y = [&](double v) { return top + ph - (v - yr.lo) / (yr.hi - yr.lo) * ph; };

  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"" + xml_escape(css_class) +
                  "\" width=\"" + std::to_string(width_) + "\" height=\"" +
                  std::to_string(height_) + "\" viewBox=\"0 0 " + std::to_string(width_) + " " +
                  std::to_string(height_) + "\" font-family=\"sans-serif\" font-size=\"11\">\n";
  s += "<title>" + xml_escape(title_) + "</title>\n";
  s += "<rect x=\"0\" y=\"0\" width=\"" + std::to_string(width_) + "\" height=\"" +
       std::to_string(height_) + "\" fill=\"white\"/>\n";
  s += "<text x=\"" + num(width_ / 2.0) + "\" y=\"16\" text-anchor=\"middle\" font-size=\"13\">" +
       xml_escape(title_) + "</text>\n";
  // Axes box, ticks and grid.
  s += "<rect x=\"" + num(left) + "\" y=\"" + num(top) + "\" width=\"" + num(pw) + "\" height=\"" +
       num(ph) + "\" fill=\"none\" stroke=\"#444\"/>\n";
  for (double t : ticks(xr.lo, xr.hi)) {
    const double x = X(t);
    s += "<line x1=\"" + num(x) + "\" y1=\"" + num(top) + "\" x2=\"" + num(x) + "\" y2=\"" +
         num(top + ph) + "\" stroke=\"#eee\"/>";
    s += "<text x=\"" + num(x) + "\" y=\"" + num(top + ph + 14) + "\" text-anchor=\"middle\">" +
         tick_label(t) + "</text>\n";
  }
  for (double t : ticks(yr.lo, yr.hi)) {
    const double y = Y(t);
    s += "<line x1=\"" + num(left) + "\" y1=\"" + num(y) + "\" x2=\"" + num(left + pw) +
         "\" y2=\"" + num(y) + "\" stroke=\"#eee\"/>";
    s += "<text x=\"" + num(left - 4) + "\" y=\"" + num(y + 4) + "\" text-anchor=\"end\">" +
         tick_label(t) + "</text>\n";
  }
  s += "<text x=\"" + num(left + pw / 2) + "\" y=\"" + num(height_ - 8.0) +
       "\" text-anchor=\"middle\">" + xml_escape(xlabel_) + "</text>\n";
  s += "<text transform=\"translate(12 " + num(top + ph / 2) +
       ") rotate(-90)\" text-anchor=\"middle\">" + xml_escape(ylabel_) + "</text>\n";
  for (std::size_t i = 0; i < heights_.size(); ++i) {
    const double x0 = X(edges_[i]), x1 = X(edges_[i + 1]);
    const double y0 = Y(0), y1 = Y(heights_[i]);
    s += "<rect x=\"" + num(x0) + "\" y=\"" + num(std::min(y0, y1)) + "\" width=\"" +
         num(std::max(x1 - x0, 0.5)) + "\" height=\"" + num(std::fabs(y0 - y1)) +
         "\" fill=\"#4c78a8\" stroke=\"white\"/>\n";
  }
  for (const Seg& l : lines_)
    s += "<line x1=\"" + num(X(l.x0)) + "\" y1=\"" + num(Y(l.y0)) + "\" x2=\"" + num(X(l.x1)) +
         "\" y2=\"" + num(Y(l.y1)) + "\" stroke=\"#e45756\" stroke-dasharray=\"4 3\"/>\n";
  for (std::size_t i = 0; i < px_.size(); ++i)
    s += "<circle cx=\"" + num(X(px_[i])) + "\" cy=\"" + num(Y(py_[i])) +
         "\" r=\"2\" fill=\"#4c78a8\" fill-opacity=\"0.7\"/>\n";
  s += "</svg>\n";
  return s;
}

}  // namespace hcc::models
