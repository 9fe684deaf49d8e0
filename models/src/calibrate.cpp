// Calibration of kernel models from records (docs/calibration.md).
#include "hccmodels/calibrate.hpp"
#include "hccmodels/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <map>
#include <set>
#include <stdexcept>

#include "hccmodels/svg.hpp"

namespace hcc::models {
namespace fs = std::filesystem;
namespace {

std::string g(double v, int digits = 6) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  return buf;
}

std::string terms_text(const RegressionFit& f) {
  std::string s;
  for (std::size_t i = 0; i < f.terms.size(); ++i) s += (i ? " + " : "") + f.terms[i].str();
  return s;
}

// Inverse of the standard normal CDF (bisection; |error| < 1e-12).
double normal_quantile(double p) {
  double lo = -40, hi = 40;
  for (int i = 0; i < 100; ++i) {
    const double mid = (lo + hi) / 2;
    if (0.5 * std::erfc(-mid / std::sqrt(2.0)) < p)
      lo = mid;
    else
      hi = mid;
  }
  return (lo + hi) / 2;
}

// At most max_points indexes spread evenly over [0, n).
std::vector<std::size_t> thin(std::size_t n, std::size_t max_points = 2000) {
  std::vector<std::size_t> idx;
  if (n <= max_points) {
    for (std::size_t i = 0; i < n; ++i) idx.push_back(i);
  } else {
    for (std::size_t k = 0; k < max_points; ++k) idx.push_back(k * (n - 1) / (max_points - 1));
  }
  return idx;
}

std::string residual_plot(const RegressionFit& f) {
  SvgPlot p("Residuals vs fitted", "fitted duration (s)", "residual (s)");
  std::vector<double> x, y;
  for (std::size_t i : thin(f.residuals.size())) {
    x.push_back(f.fitted[i]);
    y.push_back(f.residuals[i]);
  }
  p.points(x, y);
  if (!x.empty()) {
    const auto [lo, hi] = std::minmax_element(x.begin(), x.end());
    p.line(*lo, 0, *hi, 0);
  }
  return p.str("residuals");
}

std::string qq_plot(const RegressionFit& f) {
  SvgPlot p("Normal Q-Q plot of the residuals", "normal quantile", "residual (s)");
  std::vector<double> r = f.residuals;
  std::sort(r.begin(), r.end());
  const std::size_t n = r.size();
  std::vector<double> x, y;
  double mean = 0, ss = 0;
  for (double v : r) mean += v;
  if (n) mean /= static_cast<double>(n);
  for (double v : r) ss += (v - mean) * (v - mean);
  const double sd = n > 1 ? std::sqrt(ss / static_cast<double>(n - 1)) : 0;
  for (std::size_t i : thin(n)) {
    x.push_back(normal_quantile((static_cast<double>(i) + 0.5) / static_cast<double>(n)));
    y.push_back(r[i]);
  }
  p.points(x, y);
  if (!x.empty()) p.line(x.front(), mean + sd * x.front(), x.back(), mean + sd * x.back());
  return p.str("qq");
}

std::string histogram_plot(const std::vector<double>& d) {
  SvgPlot p("Histogram of durations", "duration (s)", "observations");
  if (!d.empty()) {
    const auto [lo_it, hi_it] = std::minmax_element(d.begin(), d.end());
    double lo = *lo_it, hi = *hi_it;
    const int bins = d.size() < 2 || lo == hi ? 1 : 20;
    if (lo == hi) {
      const double pad = lo == 0 ? 1e-9 : std::fabs(lo) * 0.01;
      lo -= pad;
      hi += pad;
    }
    std::vector<double> edges, counts(static_cast<std::size_t>(bins), 0.0);
    for (int i = 0; i <= bins; ++i) edges.push_back(lo + (hi - lo) * i / bins);
    for (double v : d) {
      int b = static_cast<int>((v - lo) / (hi - lo) * bins);
      b = std::clamp(b, 0, bins - 1);
      counts[static_cast<std::size_t>(b)] += 1;
    }
    p.bars(edges, counts);
  }
  return p.str("histogram");
}

}  // namespace

std::vector<KernelCalibration> calibrate(const std::vector<Record>& records,
                                         const CalibrateOptions& options) {
  std::map<std::pair<std::string, std::string>, std::vector<const Record*>> groups;
  for (const Record& r : records)
    if (options.selects(r)) groups[{r.kernel, r.arch}].push_back(&r);
  if (groups.empty())
    throw std::invalid_argument(options.kernel.empty() ? "no records"
                                                       : "no records of kernel '" + options.kernel + "'");

  std::vector<KernelCalibration> out;
  for (const auto& [key, recs] : groups) {
    KernelCalibration c;
    c.kernel = key.first;
    c.arch = key.second;
    c.model.kernel = c.kernel;
    c.model.arch = c.arch;
    const std::string who = c.kernel + "/" + c.arch;
    double sum = 0, runs = 0;
    bool any_params = false;
    std::set<std::string> common;
    for (std::size_t i = 0; i < recs.size(); ++i) {
      const Record& r = *recs[i];
      FootprintEntry& e = c.model.entries[r.footprint];
      e.footprint = r.footprint;
      if (e.size_bytes == 0) e.size_bytes = r.bytes;
      e.add(r.seconds, r.weight);
      c.durations.push_back(r.seconds);
      sum += static_cast<double>(r.weight) * r.seconds;
      runs += static_cast<double>(r.weight);
      if (!r.params.empty()) any_params = true;
      std::set<std::string> names;
      for (const auto& [k, v] : r.params) names.insert(k);
      if (i == 0) {
        common = std::move(names);
      } else {
        std::set<std::string> both;
        std::set_intersection(common.begin(), common.end(), names.begin(), names.end(),
                              std::inserter(both, both.end()));
        common = std::move(both);
      }
    }
    c.mean = sum / runs;

    std::vector<Observation> obs;
    obs.reserve(recs.size());
    for (const Record* r : recs) obs.push_back({r->params, r->seconds, static_cast<double>(r->weight)});

    if (!any_params) {
      c.note = "no parameters in the records";
    } else if (options.terms) {
      try {
        c.fit = fit(obs, *options.terms);
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(who + ": cannot fit the terms: " + e.what());
      }
    } else {
      for (const std::string& name : options.params)
        if (!common.count(name))
          throw std::invalid_argument(who + ": --params names '" + name +
                                      "', which is not a parameter of every record of this kernel");
      // Parameters present in every record and taking more than one value
      // (among the --params ones, if given).
      for (const std::string& name : common) {
        if (!options.params.empty() &&
            std::find(options.params.begin(), options.params.end(), name) == options.params.end())
          continue;
        const double first = recs.front()->params.at(name);
        for (const Record* r : recs)
          if (r->params.at(name) != first) {
            c.params.push_back(name);
            break;
          }
      }
      if (common.empty()) {
        c.note = "no parameter is present in every record";
      } else if (c.params.empty()) {
        c.note = "no parameter varies";
      } else {
        try {
          c.fit = select(obs, c.params, 3, 3, options.min_gain);
        } catch (const std::invalid_argument& e) {
          c.note = std::string("no model found: ") + e.what();
        }
      }
    }
    if (c.fit) {
      c.model.regression = *c.fit;
      c.model.regression->residuals.clear();
      c.model.regression->fitted.clear();
    }
    out.push_back(std::move(c));
  }
  return out;
}

void write_models(const fs::path& dir, const std::vector<KernelCalibration>& cals) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw ModelError("model directory " + dir.string() + ": cannot create: " + ec.message());
  std::map<fs::path, std::string> targets;
  for (const KernelCalibration& c : cals) {
    const fs::path p = model_file_path(dir, c.kernel, c.arch);
    const std::string who = "kernel '" + c.kernel + "' on '" + c.arch + "'";
    if (const auto [it, fresh] = targets.emplace(p, who); !fresh)
      throw ModelError("model file " + p.string() + ": " + it->second + " and " + who +
                       " would share it (names differ only in characters outside [A-Za-z0-9_.-])");
    // Every file is merged and serialised in memory first, so that one that
    // cannot be saved stops the calibration before any file is written.
    KernelModel merged;
    if (fs::exists(p, ec)) {
      merged = load_model_file(p);
      if (merged.kernel != c.kernel || merged.arch != c.arch)
        throw ModelError("model file " + p.string() + ": holds kernel '" + merged.kernel + "' on '" +
                         merged.arch + "', not " + who);
    }
    try {
      merged.merge(c.model);
    } catch (const std::invalid_argument& e) {
      throw ModelError("model file " + p.string() + ": " + e.what());
    }
    model_file_text(p, merged);
  }
  for (const KernelCalibration& c : cals) merge_into_model_file(model_file_path(dir, c.kernel, c.arch), c.model);
}

std::string summary_line(const KernelCalibration& c) {
  std::string s = c.kernel + "/" + c.arch + ": " + std::to_string(c.durations.size()) +
                  " observations, " + std::to_string(c.model.entries.size()) + " footprints, mean " +
                  g(c.mean, 4) + " s; ";
  if (c.fit)
    s += "terms " + terms_text(*c.fit) + ", adj R^2 " + g(c.fit->adj_r2, 4) + ", CV RMSE " +
         g(c.fit->cv_rmse, 3) + " s";
  else
    s += "no regression (" + c.note + ")";
  return s;
}

std::string html_report(const std::vector<KernelCalibration>& cals) {
  std::string h =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>hcc-calibrate report</title>\n<style>\n"
      "body{font-family:sans-serif;margin:2em;max-width:1100px}\n"
      "table{border-collapse:collapse;margin:0.5em 0}\n"
      "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}\n"
      "td:first-child,th:first-child{text-align:left}\n"
      ".plots svg{margin:4px;border:1px solid #ddd}\n"
      "</style>\n</head>\n<body>\n<h1>hcc-calibrate report</h1>\n<ul>\n";
  for (const KernelCalibration& c : cals) {
    const std::string id = xml_escape(c_function_name(c.kernel, c.arch));
    h += "<li><a href=\"#" + id + "\">" + xml_escape(c.kernel + " on " + c.arch) + "</a></li>\n";
  }
  h += "</ul>\n";
  for (const KernelCalibration& c : cals) {
    h += "<section id=\"" + xml_escape(c_function_name(c.kernel, c.arch)) + "\">\n<h2>" +
         xml_escape(c.kernel) + " on " + xml_escape(c.arch) + "</h2>\n";
    h += "<p>" + std::to_string(c.durations.size()) + " observations, " +
         std::to_string(c.model.entries.size()) + " footprints, mean duration " + g(c.mean) +
         " s.</p>\n";
    if (c.fit) {
      const RegressionFit& f = *c.fit;
      h += "<table class=\"terms\">\n<tr><th>term</th><th>coefficient</th><th>95% CI low</th>"
           "<th>95% CI high</th></tr>\n";
      for (std::size_t i = 0; i < f.terms.size(); ++i)
        h += "<tr><td>" + xml_escape(f.terms[i].str()) + "</td><td>" + g(f.coef[i]) + "</td><td>" +
             g(f.ci_low[i]) + "</td><td>" + g(f.ci_high[i]) + "</td></tr>\n";
      h += "</table>\n<table class=\"stats\">\n";
      h += "<tr><td>R²</td><td>" + g(f.r2) + "</td></tr>\n";
      h += "<tr><td>adjusted R²</td><td>" + g(f.adj_r2) + "</td></tr>\n";
      h += "<tr><td>CV RMSE (s)</td><td>" + g(f.cv_rmse) + "</td></tr>\n";
      h += "<tr><td>RMSE (s)</td><td>" + g(f.rmse) + "</td></tr>\n";
      h += "<tr><td>n</td><td>" + std::to_string(f.n) + "</td></tr>\n</table>\n";
      h += "<div class=\"plots\">\n" + residual_plot(f) + qq_plot(f) + histogram_plot(c.durations) +
           "</div>\n";
    } else {
      h += "<p>No regression: " + xml_escape(c.note) + ".</p>\n";
      h += "<div class=\"plots\">\n" + histogram_plot(c.durations) + "</div>\n";
    }
    h += "</section>\n";
  }
  h += "</body>\n</html>\n";
  return h;
}

std::string c_function_name(const std::string& kernel, const std::string& arch) {
  std::string s = "hcc_model_" + kernel + "_" + arch;
  for (char& ch : s)
    if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_'))
      ch = '_';
  return s;
}

std::string emit_c_all(const std::vector<KernelCalibration>& cals) {
  std::string s = "/* Kernel duration models generated by hcc-calibrate. */\n";
  std::set<std::string> used;
  for (const KernelCalibration& c : cals) {
    if (!c.fit) continue;
    std::string name = c_function_name(c.kernel, c.arch);
    for (int k = 2; used.count(name); ++k) name = c_function_name(c.kernel, c.arch) + "_" + std::to_string(k);
    used.insert(name);
    std::string who = c.kernel + " on " + c.arch;
    for (std::size_t at; (at = who.find("*/")) != std::string::npos;) who.replace(at, 2, "* /");
    s += "\n/* " + who + " */\n";
    s += emit_c(*c.fit, name);
  }
  return s;
}

void write_output_file(const fs::path& path, const std::string& text) {
  try {
    write_file_atomically(path, text);
  } catch (const AtomicWriteError& e) {
    throw std::runtime_error("cannot write " + path.string() + ": " + e.what());
  }
}

}  // namespace hcc::models
