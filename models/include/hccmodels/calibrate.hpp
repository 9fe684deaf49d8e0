// hccmodels: calibration of kernel models from records (the library behind
// the hcc-calibrate tool, docs/calibration.md).
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "hccmodels/model_file.hpp"
#include "hccmodels/records.hpp"
#include "hccmodels/regression.hpp"

namespace hcc::models {

struct CalibrateOptions {
  // Terms to fit (--terms); nullopt: select() chooses them.
  std::optional<std::vector<Term>> terms;
  // Only this kernel (all architectures) when not empty.
  std::string kernel;
  // --params: the parameters selection may use (all when empty); a name that
  // a calibrated kernel's records lack is an error.
  std::vector<std::string> params;
  // --min-gain: how much lower (a fraction) a larger term set's
  // cross-validated error must be than the best smaller one's (select()).
  double min_gain = 0.02;

  // Whether the calibration takes this record (the kernel filter).
  bool selects(const Record& r) const { return kernel.empty() || r.kernel == kernel; }
};

// The calibration of one (kernel, arch).
struct KernelCalibration {
  std::string kernel, arch;
  // The new observations (one entry per footprint) and the regression, if
  // any: what is merged into the model file.
  KernelModel model;
  std::vector<double> durations;    // every observation, in input order
  double mean = 0;                  // mean duration
  std::vector<std::string> params;  // parameter names the regression could use
  std::optional<RegressionFit> fit;
  std::string note;  // why there is no regression (when fit is empty)
};

// Groups records by (kernel, arch) (sorted by kernel, then arch), builds the
// per-footprint statistics and fits a regression when the records have
// parameters: options.terms when given, else select() over the parameters
// present in every record of the kernel that take more than one value.
// A kernel whose records have no parameters gets no regression (note says
// why), as does one where select() finds nothing. Throws
// std::invalid_argument "<kernel>/<arch>: ..." when options.terms cannot be
// fitted, and when no record is left (none at all, or none of options.kernel).
std::vector<KernelCalibration> calibrate(const std::vector<Record>& records,
                                         const CalibrateOptions& options);

// Merges every calibration into <dir>/<kernel>.<arch>.json
// (merge_into_model_file; dir is created if needed). Every existing file is
// checked first (readable, same kernel and arch), so a corrupt file stops
// everything before anything is written. Throws ModelError.
void write_models(const std::filesystem::path& dir, const std::vector<KernelCalibration>& cals);

// One line: "gemm/cpu: 120 observations, 4 footprints, mean 0.00213 s; terms
// 1 + NB^3 + NB^2*MB, adj R^2 0.9991, CV RMSE 1.23e-05 s".
std::string summary_line(const KernelCalibration& c);

// A self-contained HTML page: per kernel, the regression's terms with
// coefficients and 95% confidence intervals, R², adjusted R², CV RMSE and n,
// SVG plots of residuals vs fitted values (class "residuals") and a normal
// Q-Q plot of the residuals (class "qq"), and a histogram of the durations
// (class "histogram").
std::string html_report(const std::vector<KernelCalibration>& cals);

// "hcc_model_<kernel>_<arch>" with characters outside [A-Za-z0-9_] replaced by '_'.
std::string c_function_name(const std::string& kernel, const std::string& arch);

// C source with one function per fitted regression (emit_c); names made
// unique by a numeric suffix if two sanitise alike.
std::string emit_c_all(const std::vector<KernelCalibration>& cals);

// Writes text to path atomically (temporary file in the same directory,
// fsync, rename). Throws std::runtime_error "cannot write <path>: <why>".
void write_output_file(const std::filesystem::path& path, const std::string& text);

}  // namespace hcc::models
