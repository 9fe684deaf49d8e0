// hccmodels: kernel duration models and the model files that hold them.
//
// A model file (<dir>/<kernel>.<arch>.json, format in docs/model-files.md)
// holds, per data footprint, the running statistics of a kernel's measured
// durations plus a few raw samples and a variable-width histogram of them.
// The runtime looks durations up through ModelStore and records new
// observations into it during instrumented runs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "hccmodels/regression.hpp"

namespace hcc::models {

// Irregular (variable-width) histogram of durations in seconds.
// Bin i covers [edges[i], edges[i+1]) (the last bin includes its upper edge).
// A bin whose two edges are equal is a point mass.
struct Histogram {
  std::vector<double> edges;  // size = counts.size()+1, non-decreasing
  std::vector<uint64_t> counts;

  // Bin edges at quantiles of the samples (so bins are variable-width), at
  // most max_bins bins (values < 1 mean 1). Non-finite samples are ignored.
  // No samples: empty histogram. One sample or all-equal samples: a single
  // zero-width bin [v, v].
  static Histogram from_samples(std::vector<double> samples, int max_bins = 16);

  // Picks a bin with probability proportional to its count, then a value
  // uniformly inside it. Uses only rng() arithmetic (no std::*_distribution),
  // so a given rng state gives the same value with any standard library.
  // Throws std::logic_error when empty().
  double sample(std::mt19937_64& rng) const;

  // The mean of what sample() draws (each bin's middle, weighted by its
  // count); 0 when empty().
  double mean() const;

  // True when there are no bins or all counts are zero.
  bool empty() const;
};

// The longest duration a model may hold or predict, in seconds (116 days):
// SimGrid's clock cannot advance past much longer ones (its simulation ends
// in a "deadlock" at time inf), and no kernel runs that long.
inline constexpr double kMaxKernelSeconds = 1e7;

// Statistics of one kernel on one architecture for one data footprint.
struct FootprintEntry {
  static constexpr std::size_t kMaxSamples = 256;
  // Beyond 2^53 observations the double arithmetic of mean and m2 no longer
  // counts them, and two such counts could wrap a uint64_t when merged.
  static constexpr uint64_t kMaxCount = uint64_t{1} << 53;

  uint64_t footprint = 0;   // hash of the task's data sizes, computed by the runtime
  uint64_t size_bytes = 0;  // total bytes accessed (for reports)
  uint64_t count = 0;       // number of runs observed (an observation's weight counts it so many times)
  double mean = 0, m2 = 0;  // running mean and sum of squared deviations (Welford)
  double min = 0, max = 0;
  // The first kMaxSamples observations (the runtime bounds its own costs'
  // interruptions by them: runtime_costs.hpp).
  std::vector<double> samples;
  Histogram histogram;          // rebuilt from samples when saved

  // Sample standard deviation sqrt(m2 / (count - 1)); 0 when count < 2.
  double stddev() const;
  // One observation that stands for `weight` runs (a run that an
  // instrumented run timed at random one in weight: rt/core/instrument_sampling.hpp):
  // count, mean and m2 as if it had been seen weight times; samples keep
  // it once. Throws std::invalid_argument for a duration outside
  // [0, kMaxKernelSeconds], a weight of 0, or when count would pass kMaxCount.
  void add(double seconds, uint64_t weight = 1);
  // Exact (Chan et al.) merge of count/mean/m2/min/max; samples concatenated
  // up to kMaxSamples. Keeps this histogram unless this entry had no
  // observations; size_bytes is taken from other when this one is 0.
  // Throws std::invalid_argument when the counts together pass kMaxCount.
  void merge(const FootprintEntry& other);
  // A duration drawn at random (HCC_SIM_MODEL=histogram): one of the
  // samples, picked uniformly, else a draw from the histogram, scaled so
  // that draws average the mean of all the observations (the samples are
  // the first ones, often the slowest; a histogram's last bin spreads a
  // rare long run over its width). The mean when there is neither.
  double draw(std::mt19937_64& rng) const;
};

struct KernelModel {
  static constexpr int kSchemaVersion = 1;
  std::string kernel, arch;  // arch: "cpu" or "cuda"
  std::map<uint64_t, FootprintEntry> entries;
  // Regression over the task parameters (the optional top-level "regression"
  // object, docs/calibration.md), fitted by hcc-calibrate. When loaded from a
  // file, residuals and fitted are empty and rmse is 0 (not stored).
  std::optional<RegressionFit> regression = std::nullopt;

  // Merges every entry of other (FootprintEntry::merge per footprint); other's
  // regression, when it has one, replaces this one (a newer calibration).
  // An empty kernel/arch takes other's; throws std::invalid_argument when
  // both are set and differ.
  void merge(const KernelModel& other);
};

// One line that says which file and what is wrong, e.g.
//   "model file /x/potrf.cpu.json: entries[3].count: negative count -2"
//   "model file /x/potrf.cpu.json: unsupported schema_version 7 (this hccsim reads 1)"
struct ModelError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Reads and validates a model file. Throws ModelError on a missing or
// unreadable file, invalid JSON, missing keys, wrong types, a bad hex
// footprint, negative counts, counts above FootprintEntry::kMaxCount,
// durations outside [0, kMaxKernelSeconds], duplicate object keys,
// inconsistent histograms, duplicate footprints
// or an unsupported schema_version, and on a malformed optional "regression"
// object (docs/calibration.md). Does not check kernel/arch against the file
// name. Unknown keys are ignored.
KernelModel load_model_file(const std::filesystem::path& path);

// The text save_model_file writes (path only names the file in errors).
// Throws ModelError when m cannot be saved (a non-finite number).
std::string model_file_text(const std::filesystem::path& path, const KernelModel& m);

// Writes the model atomically: a unique temporary file in the same directory
// is written, fsync'ed and renamed over path, so readers see either the old
// or the new file, never a half-written one. Histograms are rebuilt from the
// samples (entries without samples keep theirs). The directory must exist.
// Throws ModelError on failure (the temporary file is removed).
void save_model_file(const std::filesystem::path& path, const KernelModel& m);

// Load (if the file exists), merge m, save — under an exclusive flock() on
// "<path>.lock", so concurrent calibration processes (or threads) all land
// their observations. A corrupt existing file is left alone (ModelError).
void merge_into_model_file(const std::filesystem::path& path, const KernelModel& m);

// dir/<kernel>.<arch>.json with every character of kernel and arch outside
// [A-Za-z0-9_.-] replaced by '_' (an empty name becomes "_").
std::filesystem::path model_file_path(const std::filesystem::path& dir, std::string_view kernel,
                                      std::string_view arch);

// In-memory store used by the runtime: loads model files lazily from a
// directory, records new observations, saves (merging) at the end.
// Not thread-safe: callers serialise calls (the runtime holds its lock).
class ModelStore {
 public:
  // dir may be empty: nothing is loaded or saved.
  explicit ModelStore(std::filesystem::path dir);
  ModelStore(const ModelStore&) = delete;  // lookup() pointers belong to one store
  ModelStore& operator=(const ModelStore&) = delete;
  ModelStore(ModelStore&& other) noexcept;  // pointers from lookup() stay valid
  ModelStore& operator=(ModelStore&& other) noexcept;

  // The entry for (kernel, arch, footprint), combining what was loaded and
  // what was recorded in this run; nullptr when there is none. The pointer
  // stays valid for the store's lifetime (its contents change on record()).
  // The first call for a (kernel, arch) reads its file; throws ModelError for
  // a corrupt file, or one that holds a different kernel/arch (two names that
  // differ only in characters outside [A-Za-z0-9_.-] would share a file).
  const FootprintEntry* lookup(std::string_view kernel, std::string_view arch, uint64_t footprint);

  // One observation made during this run. Kept apart from what was loaded so
  // save() merges only new data into the files. Same errors as lookup(), and
  // std::invalid_argument for a negative or non-finite duration.
  // weight: how many runs the observation stands for (FootprintEntry::add).
  void record(std::string_view kernel, std::string_view arch, uint64_t footprint,
              uint64_t size_bytes, double seconds, uint64_t weight = 1);

  // The kernel's regression over task parameters, if its file has one.
  // Same errors as lookup().
  const RegressionFit* regression(std::string_view kernel, std::string_view arch);

  // Every entry of the kernel (loaded + recorded), by footprint. Same errors
  // as lookup().
  const std::map<uint64_t, FootprintEntry>& entries(std::string_view kernel, std::string_view arch);

  // Mean duration of loaded + recorded observations; nullopt if none.
  std::optional<double> mean(std::string_view kernel, std::string_view arch, uint64_t footprint);

  // merge_into_model_file for every (kernel, arch) that got new observations
  // since the last save; creates dir if needed. No-op when dir is empty.
  void save();

  const std::filesystem::path& dir() const { return dir_; }

 private:
  struct Slot {
    KernelModel combined;  // loaded + recorded: what lookup() sees
    KernelModel recorded;  // new in this run: what save() merges
  };
  Slot& slot(std::string_view kernel, std::string_view arch);

  std::filesystem::path dir_;
  std::unordered_map<std::string, Slot> slots_;  // key: size, kernel, arch
  std::string key_;                              // reused key buffer
  Slot* last_ = nullptr;                         // last slot used (fast path)
};

}  // namespace hcc::models
