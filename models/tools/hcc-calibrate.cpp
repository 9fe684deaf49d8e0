// hcc-calibrate: builds kernel models (per-footprint statistics and a
// regression over the task parameters) from records CSV files written by
// instrumented runs; with --platform, writes a SimGrid platform file of this
// machine; with --network, one of its network as SMPI models it
// (network_calibration.cpp). See docs/calibration.md.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "hccmodels/atomic_file.hpp"
#include "hccmodels/calibrate.hpp"
#include "hccmodels/model_file.hpp"
#include "hccmodels/platform.hpp"
#include "hccmodels/records.hpp"
#include "hccmodels/regression.hpp"
#include "gpu_probe.hpp"
#include "network_calibration.hpp"

namespace fs = std::filesystem;
using namespace hcc::models;

namespace {

constexpr uint64_t kProgressThreshold = 10u << 20;  // bytes

int error(const std::string& what) {
  std::cerr << "hcc-calibrate: " << what << "\n";
  return 1;
}

// A progress bar on stderr over all inputs (only drawn when asked).
class Progress {
 public:
  Progress(bool on, uint64_t total) : on_(on), total_(total ? total : 1) {}
  void update(const std::string& name, uint64_t done_in_file) {
    if (!on_) return;
    const uint64_t done = base_ + done_in_file;
    const int pct = static_cast<int>(std::min<uint64_t>(100, done * 100 / total_));
    if (pct == last_pct_) return;
    last_pct_ = pct;
    const int width = 30, fill = pct * width / 100;
    std::string bar(static_cast<std::size_t>(fill), '#');
    bar.resize(width, ' ');
    std::string shown = name.size() > 40 ? "..." + name.substr(name.size() - 37) : name;
    std::fprintf(stderr, "\rreading %-40s [%s] %3d%%", shown.c_str(), bar.c_str(), pct);
    std::fflush(stderr);
  }
  void next_file(uint64_t size) { base_ += size; }
  void finish() {
    if (on_ && last_pct_ >= 0) std::fprintf(stderr, "\r%*s\r", 90, "");
  }

 private:
  bool on_;
  uint64_t total_, base_ = 0;
  int last_pct_ = -1;
};

// --platform: describes this machine as a SimGrid platform file.
int write_platform(const std::string& path, unsigned cores, bool quiet) {
  MachineDescription m;
  m.cores = cores > 0 ? cores : detect_cores();
  m.memory_bytes = detect_memory_bytes();
  try {
    m.memcpy_bytes_per_s = measure_memcpy_bandwidth();
  } catch (const std::exception& e) {
    return error(std::string("cannot measure the memcpy bandwidth: ") + e.what());
  }
  if (!quiet) {
    std::printf("cores: %u%s\nmemory: %llu bytes\nmemcpy bandwidth: %.2f GB/s (256 MiB, best of 5)\n",
                m.cores, cores > 0 ? " (--cores)" : "",
                static_cast<unsigned long long>(m.memory_bytes), m.memcpy_bytes_per_s / 1e9);
  }
  // Cores that run code at speeds more than 5 % apart (a virtual machine's
  // CPUs, performance and efficiency cores) get a factor each.
  std::vector<int> cpus;
  const std::vector<double> speeds = measure_cpu_speeds(m.cores, 7, cpus);
  bool unequal = false;
  for (double f : speeds) unequal |= f < 0.95 || f > 1.05;
  if (unequal) {
    m.core_speed_factors = speeds;
    m.reference_cpu = cpus.front();
  }
  if (!quiet && !speeds.empty()) {
    std::printf("core speeds relative to CPU %d:", cpus.front());
    for (std::size_t i = 0; i < speeds.size(); ++i) std::printf(" %d:%.3f", cpus[i], speeds[i]);
    std::printf(unequal ? " (written: hcc.core_speed_factors)\n" : " (equal within 5 %%)\n");
  }
  // What the program's atomics cost where cores take turns on a line
  // (rt/program/shared_lines.cpp).
  if (const double line = measure_line_transfer(); line >= 0) {
    m.line_transfer_seconds = line;
    if (!quiet) std::printf("cache line move between two CPUs: %.1f ns (written: hcc.line_transfer)\n", line * 1e9);
  }
  try {
    hcc::calibrate::measure_gpus(m, [quiet](const std::string& line) {
      if (!quiet) std::printf("%s\n", line.c_str());
      std::fflush(stdout);
    });
  } catch (const std::exception& e) {
    return error(std::string("cannot measure the GPUs: ") + e.what());
  }
  if (m.gpus.empty() && !quiet)
    std::printf(hcc::calibrate::gpu_probe_built() ? "no CUDA device: platform without GPUs\n"
                                                  : "built without CUDA: platform without GPUs\n");
  try {
    write_file_atomically(path, platform_xml(m));
  } catch (const std::exception& e) {
    return error("cannot write " + path + ": " + e.what());
  }
  if (!quiet) std::printf("wrote %s\n", path.c_str());
  std::fflush(stdout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "Builds kernel models from records CSV files (HCC_RECORDS) of instrumented runs: merges the\n"
      "per-footprint duration statistics into the model files and fits a regression over the\n"
      "task parameters (docs/calibration.md).",
      "hcc-calibrate"};
  const char* env_dir = std::getenv("HCC_MODEL_DIR");
  std::string model_dir = env_dir && *env_dir ? env_dir : "hcc-models";
  std::string terms_text, kernel, report, emit_c_path;
  bool quiet = false;
  std::vector<std::string> inputs;
  app.add_option("--model-dir", model_dir, "model directory (default: $HCC_MODEL_DIR or hcc-models)");
  auto* terms_opt = app.add_option("--terms", terms_text,
                                   "terms to fit, e.g. \"NB^3, NB^2*MB\" (default: select them)");
  app.add_option("--kernel", kernel, "calibrate only this kernel");
  std::vector<std::string> params;
  app.add_option("--params", params,
                 "parameters the term selection may use, e.g. --params level,cells (default: all)")
      ->delimiter(',');
  double min_gain = 0.02;
  app.add_option("--min-gain", min_gain,
                 "term selection: a larger term set must lower the cross-validated error by more than this "
                 "fraction, in [0, 1) (default 0.02; larger is stricter)");
  app.add_option("--report", report, "write an HTML report to this file");
  app.add_option("--emit-c", emit_c_path, "write C functions of the fitted models to this file");
  app.add_flag("--quiet,-q", quiet, "print no summary and no progress");
  std::string platform_path;
  unsigned cores = 0;
  auto* platform_opt = app.add_option(
      "--platform", platform_path,
      "write a SimGrid platform file describing this machine (docs/calibration.md)");
  auto* cores_opt = app.add_option("--cores", cores,
                                   "with --platform: CPU cores to write (default: detected); with --network: "
                                   "cores per host (default 1)")
                        ->check(CLI::PositiveNumber);
  hcc::calibrate::NetworkOptions network;
  auto* network_opt = app.add_option(
      "--network", network.platform_path,
      "measure a ping-pong between two OpenMPI ranks (mpirun -np 2 hcc-pingpong) and write a SimGrid platform "
      "with SMPI's piece-wise linear network model (docs/calibration.md)");
  app.add_option("--pingpong", network.pingpong_csv,
                 "with --network: fit these ping-pong measurements (bytes,seconds) instead of measuring")
      ->needs(network_opt);
  app.add_option("--pingpong-out", network.pingpong_out, "with --network: keep the measurements in this file")
      ->needs(network_opt);
  app.add_option("--hosts", network.hosts, "with --network: hosts of the platform (default 2)")
      ->check(CLI::Range(2, 4096))
      ->needs(network_opt);
  app.add_option("records", inputs, "records CSV files")->type_name("CSV...");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    std::cerr << "hcc-calibrate: " << e.what() << "\n(run hcc-calibrate --help for usage)\n";
    return 2;
  }
  if (cores_opt->count() > 0 && platform_opt->count() == 0 && network_opt->count() == 0) {
    std::cerr << "hcc-calibrate: --cores needs --platform or --network\n(run hcc-calibrate --help for usage)\n";
    return 2;
  }
  if (platform_opt->count() == 0 && network_opt->count() == 0 && inputs.empty()) {
    std::cerr << "hcc-calibrate: records is required (or --platform FILE, --network FILE)\n"
                 "(run hcc-calibrate --help for usage)\n";
    return 2;
  }
  if (network_opt->count() > 0) {
    network.quiet = quiet;
    if (cores_opt->count() > 0 && platform_opt->count() == 0) network.cores = cores;
    if (const int rc = hcc::calibrate::calibrate_network(network); rc != 0) return rc;
    if (platform_opt->count() == 0 && inputs.empty()) return 0;
  }
  if (platform_opt->count() > 0) {
    if (const int rc = write_platform(platform_path, cores, quiet); rc != 0) return rc;
    if (inputs.empty()) return 0;
  }

  CalibrateOptions options;
  options.kernel = kernel;
  options.params = params;
  if (!(min_gain >= 0 && min_gain < 1)) {
    std::cerr << "hcc-calibrate: --min-gain " << min_gain << ": expected a fraction in [0, 1)\n";
    return 2;
  }
  options.min_gain = min_gain;
  if (terms_opt->count() > 0) {
    try {
      options.terms = parse_terms(terms_text);
    } catch (const std::invalid_argument& e) {
      return error(std::string("--terms: ") + e.what());
    }
  }

  // 1. Read every input (nothing is written before all are valid).
  uint64_t total = 0;
  for (const std::string& in : inputs) {
    std::error_code ec;
    const auto size = fs::file_size(in, ec);
    if (!ec) total += size;
  }
  Progress progress(!quiet && total > kProgressThreshold && ::isatty(STDERR_FILENO), total);
  std::vector<Record> records;
  for (const std::string& in : inputs) {
    try {
      std::vector<Record> got =
          read_records(in, [&](uint64_t bytes) { progress.update(in, bytes); });
      records.insert(records.end(), std::make_move_iterator(got.begin()),
                     std::make_move_iterator(got.end()));
    } catch (const RecordsError& e) {
      progress.finish();
      return error(e.what());
    }
    std::error_code ec;
    const auto size = fs::file_size(in, ec);
    progress.next_file(ec ? 0 : size);
  }
  progress.finish();
  // calibrate() refuses an empty set too, but only here are the files known.
  if (std::none_of(records.begin(), records.end(), [&](const Record& r) { return options.selects(r); })) {
    std::string files;
    for (const std::string& in : inputs) files += (files.empty() ? "" : ", ") + in;
    return error((kernel.empty() ? std::string("no records") : "no records of kernel '" + kernel + "'") + " in " +
                 files);
  }

  // 2. Fit, and build every output in memory.
  std::vector<KernelCalibration> cals;
  std::string html, c_source;
  try {
    cals = calibrate(records, options);
    if (!report.empty()) html = html_report(cals);
    if (!emit_c_path.empty()) c_source = emit_c_all(cals);
  } catch (const std::exception& e) {
    return error(e.what());
  }

  // 3. Write.
  try {
    write_models(model_dir, cals);
    if (!report.empty()) write_output_file(report, html);
    if (!emit_c_path.empty()) write_output_file(emit_c_path, c_source);
  } catch (const std::exception& e) {
    return error(e.what());
  }

  for (const KernelCalibration& c : cals) {
    if (!quiet) std::cout << summary_line(c) << "\n";
    if (!c.fit && !c.note.empty() && c.note.rfind("no model found", 0) == 0)
      std::cerr << "hcc-calibrate: warning: " << c.kernel << "/" << c.arch << ": " << c.note << "\n";
  }
  if (!quiet)
    std::cout << "merged " << cals.size() << " model file" << (cals.size() == 1 ? "" : "s")
              << " in " << model_dir << "\n";
  return 0;
}
