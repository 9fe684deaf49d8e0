// Reading, writing and merging model files (format: docs/model-files.md).
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "hccmodels/model_file.hpp"
#include "hccmodels/atomic_file.hpp"

namespace hcc::models {
namespace fs = std::filesystem;
using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;

namespace {

std::string prefix(const fs::path& path) { return "model file " + path.string() + ": "; }

[[noreturn]] void fail(const fs::path& path, const std::string& what) {
  throw ModelError(prefix(path) + what);
}

std::string errno_text(int err) { return std::strerror(err); }

// nlohmann's what() starts with "[json.exception.xxx.nnn] "; drop that.
std::string strip_nlohmann_id(const char* what) {
  std::string s = what;
  if (!s.empty() && s[0] == '[') {
    const auto end = s.find("] ");
    if (end != std::string::npos) s.erase(0, end + 2);
  }
  return s;
}

std::string read_file(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail(path, "cannot open: " + errno_text(errno));
  struct stat st{};
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd);
    fail(path, "cannot read: is a directory");
  }
  std::string text;
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      const int err = errno;
      ::close(fd);
      fail(path, "cannot read: " + errno_text(err));
    }
    text.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return text;
}

// Validating accessors; every error names the file and the JSON location.
class Reader {
 public:
  explicit Reader(const fs::path& path) : path_(path) {}

  [[noreturn]] void fail_at(const std::string& where, const std::string& what) const {
    fail(path_, where.empty() ? what : where + ": " + what);
  }

  const json& key(const json& obj, const char* name, const std::string& where) const {
    const auto it = obj.find(name);
    if (it == obj.end()) fail_at(where, std::string("missing key \"") + name + "\"");
    return *it;
  }

  static std::string join(const std::string& where, const char* name) {
    return where.empty() ? std::string(name) : where + "." + name;
  }

  void expect(bool ok, const json& v, const std::string& where, const char* expected) const {
    if (!ok) fail_at(where, std::string("expected ") + expected + ", got " + describe(v));
  }

  static std::string describe(const json& v) {
    std::string d = v.type_name();
    if (v.is_primitive()) {
      std::string s = v.dump(-1, ' ', false, json::error_handler_t::replace);
      if (s.size() > 40) s = s.substr(0, 37) + "...";
      d += " " + s;
    }
    return d;
  }

  std::string string(const json& obj, const char* name, const std::string& where) const {
    const json& v = key(obj, name, where);
    expect(v.is_string(), v, join(where, name), "a string");
    return v.get<std::string>();
  }

  double number(const json& v, const std::string& where) const {
    expect(v.is_number(), v, where, "a number");
    return v.get<double>();
  }
  double number(const json& obj, const char* name, const std::string& where) const {
    return number(key(obj, name, where), join(where, name));
  }

  // A duration in seconds, in [0, kMaxKernelSeconds].
  double duration(const json& v, const std::string& where) const {
    const double d = number(v, where);
    if (d < 0) fail_at(where, "negative duration " + v.dump() + " (must be >= 0)");
    if (d > kMaxKernelSeconds) fail_at(where, "duration " + v.dump() + " s is more than 1e7 s");
    return d;
  }
  double duration(const json& obj, const char* name, const std::string& where) const {
    return duration(key(obj, name, where), join(where, name));
  }

  // A count of observations, at most FootprintEntry::kMaxCount.
  uint64_t count(const json& v, const std::string& where) const {
    const uint64_t n = unsigned_int(v, where, "count");
    if (n > FootprintEntry::kMaxCount) fail_at(where, "count " + v.dump() + " is more than 2^53");
    return n;
  }
  uint64_t count(const json& obj, const char* name, const std::string& where) const {
    return count(key(obj, name, where), join(where, name));
  }

  // what: the noun used for a negative value ("count", "size_bytes", ...).
  uint64_t unsigned_int(const json& v, const std::string& where, const std::string& what) const {
    if (v.is_number_integer() && !v.is_number_unsigned())
      fail_at(where, "negative " + what + " " + std::to_string(v.get<int64_t>()) +
                         " (must be >= 0)");
    if (v.is_number_float() && v.get<double>() < 0)
      fail_at(where, "negative " + what + " " + v.dump() + " (must be >= 0)");
    expect(v.is_number_unsigned(), v, where, "a non-negative integer");
    return v.get<uint64_t>();
  }
  uint64_t unsigned_int(const json& obj, const char* name, const std::string& where) const {
    return unsigned_int(key(obj, name, where), join(where, name), name);
  }

  const json& array(const json& obj, const char* name, const std::string& where) const {
    const json& v = key(obj, name, where);
    expect(v.is_array(), v, join(where, name), "an array");
    return v;
  }

 private:
  const fs::path& path_;
};

std::string hex_footprint(uint64_t fp) {
  char buf[2 + 16 + 1];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(fp));
  return buf;
}

bool parse_hex_footprint(const std::string& s, uint64_t& out) {
  if (s.size() < 3 || s.size() > 18 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) return false;
  const char* first = s.data() + 2;
  const char* last = s.data() + s.size();
  const auto [ptr, ec] = std::from_chars(first, last, out, 16);
  return ec == std::errc() && ptr == last;
}

FootprintEntry read_entry(const Reader& r, const json& e, const std::string& where) {
  r.expect(e.is_object(), e, where, "an object");
  FootprintEntry out;
  {
    const json& v = r.key(e, "footprint", where);
    const std::string w = Reader::join(where, "footprint");
    r.expect(v.is_string(), v, w, "a hex string such as \"0x00000000000012ab\"");
    if (!parse_hex_footprint(v.get<std::string>(), out.footprint))
      r.fail_at(w, "bad hex footprint " + v.dump(-1, ' ', false, json::error_handler_t::replace) +
                       " (expected \"0x\" and 1 to 16 hex digits)");
  }
  out.size_bytes = r.unsigned_int(e, "size_bytes", where);
  out.count = r.count(e, "count", where);
  out.mean = r.duration(e, "mean", where);
  out.m2 = r.number(e, "m2", where);
  out.min = r.duration(e, "min", where);
  out.max = r.duration(e, "max", where);
  if (out.m2 < 0) r.fail_at(Reader::join(where, "m2"), "negative m2 " + std::to_string(out.m2));
  if (out.count > 0 && out.min > out.max)
    r.fail_at(where, "min " + std::to_string(out.min) + " is greater than max " +
                         std::to_string(out.max));

  if (e.contains("samples")) {
    const json& s = r.array(e, "samples", where);
    if (s.size() > out.count)
      r.fail_at(Reader::join(where, "samples"),
                std::to_string(s.size()) + " samples but count is " + std::to_string(out.count));
    const std::size_t keep = std::min<std::size_t>(s.size(), FootprintEntry::kMaxSamples);
    out.samples.reserve(keep);
    for (std::size_t i = 0; i < keep; ++i)
      out.samples.push_back(
          r.duration(s[i], Reader::join(where, "samples") + "[" + std::to_string(i) + "]"));
  }

  if (e.contains("histogram")) {
    const std::string hw = Reader::join(where, "histogram");
    const json& h = r.key(e, "histogram", where);
    r.expect(h.is_object(), h, hw, "an object");
    const json& edges = r.array(h, "edges", hw);
    const json& counts = r.array(h, "counts", hw);
    if (!(edges.empty() && counts.empty()) && edges.size() != counts.size() + 1)
      r.fail_at(hw, "edges has " + std::to_string(edges.size()) + " values and counts has " +
                        std::to_string(counts.size()) +
                        " (edges must have one more value than counts)");
    for (std::size_t i = 0; i < edges.size(); ++i) {
      const double x = r.duration(edges[i], hw + ".edges[" + std::to_string(i) + "]");
      if (i > 0 && x < out.histogram.edges.back())
        r.fail_at(hw + ".edges[" + std::to_string(i) + "]", "edges must not decrease");
      out.histogram.edges.push_back(x);
    }
    for (std::size_t i = 0; i < counts.size(); ++i)
      out.histogram.counts.push_back(r.count(counts[i], hw + ".counts[" + std::to_string(i) + "]"));
  }
  return out;
}

// The optional top-level "regression" object (docs/calibration.md).
RegressionFit read_regression(const Reader& r, const json& j) {
  const std::string where = "regression";
  r.expect(j.is_object(), j, where, "an object");
  RegressionFit fit;
  const json& terms = r.array(j, "terms", where);
  if (terms.empty()) r.fail_at(where + ".terms", "empty (the first term must be the constant \"1\")");
  for (std::size_t i = 0; i < terms.size(); ++i) {
    const std::string w = where + ".terms[" + std::to_string(i) + "]";
    r.expect(terms[i].is_string(), terms[i], w, "a term string such as \"NB^3\"");
    std::vector<Term> parsed;
    try {
      parsed = parse_terms(terms[i].get<std::string>());
    } catch (const std::invalid_argument& e) {
      r.fail_at(w, e.what());
    }
    if (parsed.size() != 1) r.fail_at(w, "expected exactly one term, got " + Reader::describe(terms[i]));
    const bool constant = parsed[0].factors.empty();
    if (i == 0 && !constant) r.fail_at(w, "the first term must be the constant \"1\"");
    if (i > 0 && constant) r.fail_at(w, "the constant term \"1\" must come first");
    for (const Term& t : fit.terms)
      if (t == parsed[0]) r.fail_at(w, "term " + t.str() + " listed twice");
    fit.terms.push_back(std::move(parsed[0]));
  }
  const auto numbers = [&](const char* name, std::vector<double>& out) {
    const json& a = r.array(j, name, where);
    const std::string w = Reader::join(where, name);
    if (a.size() != terms.size())
      r.fail_at(w, std::to_string(a.size()) + " values but terms has " +
                       std::to_string(terms.size()) + " (they must be aligned)");
    for (std::size_t i = 0; i < a.size(); ++i) out.push_back(r.number(a[i], w + "[" + std::to_string(i) + "]"));
  };
  numbers("coef", fit.coef);
  numbers("ci_low", fit.ci_low);
  numbers("ci_high", fit.ci_high);
  fit.r2 = r.number(j, "r2", where);
  fit.adj_r2 = r.number(j, "adj_r2", where);
  fit.cv_rmse = r.number(j, "cv_rmse", where);
  fit.n = r.unsigned_int(j, "n", where);
  if (fit.cv_rmse < 0) r.fail_at(where + ".cv_rmse", "negative cv_rmse " + std::to_string(fit.cv_rmse));
  return fit;
}

void check_finite_regression(const fs::path& path, const char* field, double x) {
  if (!std::isfinite(x))
    fail(path, std::string("cannot save regression: ") + field + " is " + std::to_string(x) +
                   " (JSON holds only finite numbers)");
}

ordered_json regression_json(const fs::path& path, const RegressionFit& f) {
  if (f.terms.empty() || !f.terms[0].factors.empty() || f.coef.size() != f.terms.size() ||
      f.ci_low.size() != f.terms.size() || f.ci_high.size() != f.terms.size())
    fail(path, "cannot save regression: terms (constant first), coef, ci_low and ci_high must be aligned");
  ordered_json j;
  std::vector<std::string> terms;
  for (const Term& t : f.terms) terms.push_back(t.str());
  for (double x : f.coef) check_finite_regression(path, "a coefficient", x);
  for (double x : f.ci_low) check_finite_regression(path, "a confidence bound", x);
  for (double x : f.ci_high) check_finite_regression(path, "a confidence bound", x);
  check_finite_regression(path, "r2", f.r2);
  check_finite_regression(path, "adj_r2", f.adj_r2);
  check_finite_regression(path, "cv_rmse", f.cv_rmse);
  j["terms"] = terms;
  j["coef"] = f.coef;
  j["ci_low"] = f.ci_low;
  j["ci_high"] = f.ci_high;
  j["r2"] = f.r2;
  j["adj_r2"] = f.adj_r2;
  j["cv_rmse"] = f.cv_rmse;
  j["n"] = f.n;
  return j;
}

// JSON has no NaN or infinity (nlohmann would write null, which no reader
// accepts back), so such values are refused before anything is written.
void check_finite(const fs::path& path, uint64_t footprint, const char* field, double x) {
  if (!std::isfinite(x))
    fail(path, "cannot save entry " + hex_footprint(footprint) + ": " + field + " is " +
                   std::to_string(x) + " (JSON holds only finite numbers)");
}

// The footprint comes from the map key, which is authoritative.
ordered_json entry_json(const fs::path& path, uint64_t footprint, const FootprintEntry& e) {
  const Histogram h = e.samples.empty() ? e.histogram : Histogram::from_samples(e.samples);
  check_finite(path, footprint, "mean", e.mean);
  check_finite(path, footprint, "m2", e.m2);
  check_finite(path, footprint, "min", e.min);
  check_finite(path, footprint, "max", e.max);
  for (double x : e.samples) check_finite(path, footprint, "a sample", x);
  for (double x : h.edges) check_finite(path, footprint, "a histogram edge", x);
  ordered_json j;
  j["footprint"] = hex_footprint(footprint);
  j["size_bytes"] = e.size_bytes;
  j["count"] = e.count;
  j["mean"] = e.mean;
  j["m2"] = e.m2;
  j["min"] = e.min;
  j["max"] = e.max;
  j["samples"] = e.samples;
  j["histogram"] = {{"edges", h.edges}, {"counts", h.counts}};
  return j;
}

std::string dump(const ordered_json& j) {
  return j.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

// One entry per line: readable, and diffs stay small.
std::string serialize(const fs::path& path, const KernelModel& m) {
  std::string out = "{\n  \"schema_version\": " + std::to_string(KernelModel::kSchemaVersion) +
                    ",\n  \"kernel\": " + dump(ordered_json(m.kernel)) +
                    ",\n  \"arch\": " + dump(ordered_json(m.arch)) + ",\n";
  if (m.regression) out += "  \"regression\": " + dump(regression_json(path, *m.regression)) + ",\n";
  out += "  \"entries\": [";
  bool first = true;
  for (const auto& [fp, e] : m.entries) {
    out += first ? "\n    " : ",\n    ";
    out += dump(entry_json(path, fp, e));
    first = false;
  }
  out += first ? "]\n}\n" : "\n  ]\n}\n";
  return out;
}

// Exclusive lock on "<path>.lock", removed on release. The holder unlinks the
// lock file before unlocking; whoever then acquires the unlinked inode sees
// that the path no longer names it and retries on the new file.
class FileLock {
 public:
  explicit FileLock(const fs::path& path) : lock_path_(path.string() + ".lock") {
    for (;;) {
      fd_ = ::open(lock_path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
      if (fd_ < 0) fail(path, "cannot create lock file " + lock_path_ + ": " + errno_text(errno));
      int rc;
      do rc = ::flock(fd_, LOCK_EX);
      while (rc != 0 && errno == EINTR);
      if (rc != 0) {
        const int err = errno;
        ::close(fd_);
        fail(path, "cannot lock " + lock_path_ + ": " + errno_text(err));
      }
      struct stat held{}, named{};
      if (::fstat(fd_, &held) == 0 && ::stat(lock_path_.c_str(), &named) == 0 &&
          held.st_dev == named.st_dev && held.st_ino == named.st_ino)
        return;
      ::close(fd_);  // lost a race with a releasing holder: try again
    }
  }
  ~FileLock() {
    ::unlink(lock_path_.c_str());
    ::close(fd_);
  }
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

 private:
  std::string lock_path_;
  int fd_ = -1;
};

std::string sanitize(std::string_view name) {
  if (name.empty()) return "_";
  std::string s(name);
  for (char& c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '.' || c == '-';
    if (!ok) c = '_';
  }
  return s;
}

// JSON leaves repeated keys to the reader; nlohmann keeps the last one
// silently. A model file with one is refused: which value was meant?
struct DuplicateKey {
  std::string key;
};

json parse_without_duplicate_keys(const std::string& text) {
  std::vector<std::set<std::string>> open_objects;  // keys seen, per open object
  return json::parse(text, [&open_objects](int, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::object_start) {
      open_objects.emplace_back();
    } else if (event == json::parse_event_t::object_end) {
      open_objects.pop_back();
    } else if (event == json::parse_event_t::key) {
      std::string key = parsed.get<std::string>();
      if (!open_objects.back().insert(key).second) throw DuplicateKey{std::move(key)};
    }
    return true;
  });
}

}  // namespace

KernelModel load_model_file(const fs::path& path) {
  const std::string text = read_file(path);
  json j;
  try {
    j = parse_without_duplicate_keys(text);
  } catch (const DuplicateKey& d) {
    fail(path, "key " + json(d.key).dump(-1, ' ', false, json::error_handler_t::replace) +
                   " appears twice in one object");
  } catch (const json::parse_error& e) {
    fail(path, "not valid JSON (byte " + std::to_string(e.byte) + "): " +
                   strip_nlohmann_id(e.what()));
  } catch (const json::exception& e) {  // e.g. a number out of range: 1e400
    fail(path, "not valid JSON: " + strip_nlohmann_id(e.what()));
  }
  const Reader r(path);
  r.expect(j.is_object(), j, "", "a JSON object at the top level");

  const json& version = r.key(j, "schema_version", "");
  r.expect(version.is_number_integer(), version, "schema_version", "an integer");
  if (version.get<int64_t>() != KernelModel::kSchemaVersion)
    fail(path, "unsupported schema_version " + version.dump() + " (this hccsim reads " +
                   std::to_string(KernelModel::kSchemaVersion) + ")");

  KernelModel m;
  m.kernel = r.string(j, "kernel", "");
  m.arch = r.string(j, "arch", "");
  if (const auto it = j.find("regression"); it != j.end()) m.regression = read_regression(r, *it);
  const json& entries = r.array(j, "entries", "");
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const std::string where = "entries[" + std::to_string(i) + "]";
    FootprintEntry e = read_entry(r, entries[i], where);
    const uint64_t fp = e.footprint;
    if (!m.entries.emplace(fp, std::move(e)).second)
      r.fail_at(where, "duplicate footprint " + hex_footprint(fp));
  }
  return m;
}

std::string model_file_text(const fs::path& path, const KernelModel& m) {
  try {
    return serialize(path, m);
  } catch (const json::exception& e) {
    fail(path, "cannot serialise: " + strip_nlohmann_id(e.what()));
  }
}

void save_model_file(const fs::path& path, const KernelModel& m) {
  const std::string text = model_file_text(path, m);
  try {
    write_file_atomically(path, text);
  } catch (const AtomicWriteError& e) {
    fail(path, e.what());
  }
}

void merge_into_model_file(const fs::path& path, const KernelModel& m) {
  FileLock lock(path);
  KernelModel merged;
  struct stat st{};
  if (::stat(path.c_str(), &st) == 0)
    merged = load_model_file(path);
  else if (errno != ENOENT)
    fail(path, "cannot stat: " + errno_text(errno));
  try {
    merged.merge(m);
  } catch (const std::invalid_argument& e) {
    fail(path, e.what());
  }
  save_model_file(path, merged);
}

fs::path model_file_path(const fs::path& dir, std::string_view kernel, std::string_view arch) {
  return dir / (sanitize(kernel) + "." + sanitize(arch) + ".json");
}

}  // namespace hcc::models
