// hccmodels: a small SVG plot writer for calibration reports (no external
// assets: the result is inline <svg> markup).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hcc::models {

// Escapes &, <, >, " and ' for HTML/SVG text and attribute values.
std::string xml_escape(std::string_view text);

// One x/y plot: scatter points, reference lines and bars, with axes, ticks,
// a title and axis labels. Non-finite values are skipped.
class SvgPlot {
 public:
  SvgPlot(std::string title, std::string xlabel, std::string ylabel, int width = 480,
          int height = 320);
  void points(const std::vector<double>& x, const std::vector<double>& y);
  // A straight dashed line between two points in data coordinates.
  void line(double x0, double y0, double x1, double y1);
  // Bars: bar i spans [edges[i], edges[i+1]] with height heights[i].
  void bars(const std::vector<double>& edges, const std::vector<double>& heights);
  // The <svg> element; css_class goes into its class attribute.
  std::string str(const std::string& css_class) const;

 private:
  struct Seg { double x0, y0, x1, y1; };
  std::string title_, xlabel_, ylabel_;
  int width_, height_;
  std::vector<double> px_, py_;
  std::vector<Seg> lines_;
  std::vector<double> edges_, heights_;
};

}  // namespace hcc::models
