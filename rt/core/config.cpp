#include "config.hpp"

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>

// Defined (as 1) in programs linked by `hccsim -finstrument`: instrumenting
// is then their default mode.
extern "C" __attribute__((weak)) const int hcc_instrumented_build;

namespace hcc::rt {
namespace {

const char* env(const char* name) {
  const char* v = std::getenv(name);
  return (v && *v) ? v : nullptr;
}

template <typename Int>
Int parse_int(const char* name, const char* text, Int min, Int max = std::numeric_limits<Int>::max()) {
  Int value{};
  std::string_view s(text);
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec != std::errc() || end != s.data() + s.size() || value < min || value > max)
    throw std::runtime_error(std::string(name) + "=" + text + ": expected an integer " +
                             (max == std::numeric_limits<Int>::max()
                                  ? ">= " + std::to_string(min)
                                  : "from " + std::to_string(min) + " to " + std::to_string(max)));
  return value;
}

// A switch: 0 or 1.
bool parse_flag(const char* name, const char* text) {
  const std::string_view s(text);
  if (s != "0" && s != "1") throw std::runtime_error(std::string(name) + "=" + text + ": expected 0 or 1");
  return s == "1";
}

void read_string(const char* name, std::string& out) {
  if (const char* v = env(name)) out = v;
}

// KMP_BLOCKTIME as libomp reads it: a whole number of milliseconds, or of
// the unit its suffix names (us, ms, s), or "infinite".
double parse_blocktime(const char* text) {
  const std::string t = text;
  if (t == "infinite") return std::numeric_limits<double>::infinity();
  size_t digits = 0;
  while (digits < t.size() && t[digits] >= '0' && t[digits] <= '9') ++digits;
  const std::string unit = t.substr(digits);
  const double scale = unit.empty() || unit == "ms" ? 1e-3 : unit == "us" ? 1e-6 : unit == "s" ? 1.0 : -1.0;
  if (digits == 0 || digits > 9 || scale < 0)
    throw std::runtime_error("KMP_BLOCKTIME=" + t + ": expected a whole number of milliseconds (or with us, ms or s) or infinite");
  return std::stod(t.substr(0, digits)) * scale;
}

}  // namespace

std::optional<uint64_t> parse_size(const char* text) {
  char* end = nullptr;
  errno = 0;
  const unsigned long long value = std::strtoull(text, &end, 10);
  unsigned shift = 0;
  if (*end == 'K' || *end == 'k') shift = 10;
  else if (*end == 'M' || *end == 'm') shift = 20;
  else if (*end == 'G' || *end == 'g') shift = 30;
  if (shift) ++end;
  if (end == text || *end || errno || text[0] == '-' || (shift && value >> (64 - shift))) return std::nullopt;
  return static_cast<uint64_t>(value) << shift;
}

Config config_from_environment() {
  Config c;
  if (const char* v = env("HCC_WORKERS")) c.workers = parse_int<int>("HCC_WORKERS", v, 0, kMaxWorkers);
  // OpenMP's thread count, a list for nested levels of which the first is
  // the team size: the native CPU workers when HCC_WORKERS is not set.
  if (const char* v = env("OMP_NUM_THREADS")) {
    const std::string list = v;
    const std::string first = list.substr(0, list.find(','));
    c.omp_num_threads = parse_int<int>("OMP_NUM_THREADS", first.c_str(), 1, kMaxWorkers);
    for (size_t at = list.find(','); at != std::string::npos;) {
      const size_t next = list.find(',', at + 1);
      const std::string item = list.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1);
      c.omp_nested_threads.push_back(parse_int<int>("OMP_NUM_THREADS", item.c_str(), 1, kMaxWorkers));
      at = next;
    }
  }
  if (const char* v = env("OMP_THREAD_LIMIT")) c.thread_limit = parse_int<int>("OMP_THREAD_LIMIT", v, 1, kMaxWorkers);
  if (const char* v = env("HCC_GPUS")) c.gpus = parse_int<int>("HCC_GPUS", v, 0, kMaxWorkers);
  if (const char* v = env("HCC_GPU_MEMORY")) {
    c.gpu_memory = parse_size(v);
    if (!c.gpu_memory || *c.gpu_memory == 0)
      throw std::runtime_error(std::string("HCC_GPU_MEMORY=") + v + ": expected a size in bytes above 0 (e.g. 2G)");
  }
  if (const char* v = env("HCC_PIN")) c.pin_host_data = parse_flag("HCC_PIN", v);
  read_string("HCC_SCHED", c.scheduler);
  read_string("HCC_PLATFORM", c.platform);
  read_string("HCC_MODEL_DIR", c.model_dir);
  read_string("HCC_RECORDS", c.records);
  read_string("HCC_TRACE_PAJE", c.trace_paje);
  read_string("HCC_TRACE_CHROME", c.trace_chrome);
  read_string("HCC_MEMORY_CSV", c.memory_csv);
  read_string("HCC_SIM_MODEL", c.sim_model);
  if (const char* v = env("HCC_SEED")) c.seed = parse_int<uint64_t>("HCC_SEED", v, 0);
  if (const char* v = env("HCC_SIM_CALIBRATE_RUNS"))
    c.calibrate_runs = parse_int<int>("HCC_SIM_CALIBRATE_RUNS", v, 1);
  if (const char* v = env("HCC_SIM_CALIBRATE_PRECISION")) {
    char* end = nullptr;
    c.calibrate_precision = std::strtod(v, &end);
    if (end == v || *end || !(c.calibrate_precision > 0) || !std::isfinite(c.calibrate_precision))
      throw std::runtime_error(std::string("HCC_SIM_CALIBRATE_PRECISION=") + v +
                               ": expected a number above 0 (the timed runs' mean's relative standard error at "
                               "which a kernel without a model is replayed: 0.05; 1 stops at HCC_SIM_CALIBRATE_RUNS)");
  }
  if (const char* v = env("HCC_SAMPLING")) c.sampling = parse_flag("HCC_SAMPLING", v);
  if (const char* v = env("HCC_SIM_BURSTS")) {
    const std::string b = v;
    if (b != "on" && b != "off") throw std::runtime_error("HCC_SIM_BURSTS=" + b + ": expected on or off");
    c.sim_bursts = b == "on";
  }
  read_string("HCC_SIM_LOOPS", c.sim_loops);
  if (c.sim_loops != "run" && c.sim_loops != "model")
    throw std::runtime_error("HCC_SIM_LOOPS=" + c.sim_loops + ": expected run or model");
  if (const char* v = env("HCC_INSTRUMENT_SAMPLING")) {
    const std::string s = v;
    if (s != "auto" && s != "all") throw std::runtime_error("HCC_INSTRUMENT_SAMPLING=" + s + ": expected auto or all");
    c.instrument_sampling = s == "auto";
  }
  read_string("HCC_SPLIT", c.split);
  if (!c.split.empty() && c.split != "cpu" && c.split != "gpu") {
    char* end = nullptr;
    const double share = std::strtod(c.split.c_str(), &end);
    if (end == c.split.c_str() || *end || !(share >= 0 && share <= 1))
      throw std::runtime_error("HCC_SPLIT=" + c.split + ": expected cpu, gpu or the GPUs' share in [0, 1]");
  }
  if (const char* v = env("HCC_BIND")) c.bind_workers = parse_flag("HCC_BIND", v);
  if (const char* v = env("OMP_WAIT_POLICY")) {
    std::string policy = v;
    for (char& ch : policy) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (policy != "active" && policy != "passive")
      throw std::runtime_error(std::string("OMP_WAIT_POLICY=") + v + ": expected active or passive");
    c.idle_looking = policy == "active" ? std::numeric_limits<double>::infinity() : 0;
  }
  if (const char* v = env("KMP_BLOCKTIME")) c.idle_looking = parse_blocktime(v);
  if (const char* v = env("HCC_MAX_SUBMITTED"))
    c.max_submitted = parse_int<int>("HCC_MAX_SUBMITTED", v, 0);
  if (const char* v = env("KMP_ENABLE_TASK_THROTTLING"))
    if (!parse_flag("KMP_ENABLE_TASK_THROTTLING", v)) c.task_throttle = 0;
  if (const char* v = env("HCC_INLINE_TASKS")) c.inline_short_tasks = parse_flag("HCC_INLINE_TASKS", v);
  if (const char* v = env("HCC_TASK_THROTTLE"))
    c.task_throttle = parse_int<size_t>("HCC_TASK_THROTTLE", v, 0);
  c.instrument = &hcc_instrumented_build != nullptr && hcc_instrumented_build != 0;
  if (const char* v = env("HCC_MODE")) {
    std::string mode = v;
    if (mode == "instrument") c.instrument = true;
    else if (mode == "native") c.instrument = false;
    else if (mode != "simulate")
      throw std::runtime_error("HCC_MODE=" + mode + ": expected native, instrument or simulate");
  }
  if (c.sim_model != "mean" && c.sim_model != "histogram")
    throw std::runtime_error("HCC_SIM_MODEL=" + c.sim_model + ": expected mean or histogram");
  return c;
}

}  // namespace hcc::rt
