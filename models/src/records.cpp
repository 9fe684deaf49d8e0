// Reading records CSV files (docs/traces.md) for calibration.
#include "hccmodels/records.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <optional>
#include <system_error>
#include <cstring>
#include <cerrno>
#include <cstdint>

#include "hccmodels/model_file.hpp"

namespace hcc::models {
namespace {

enum class Split { complete, open_quote };

// Splits one CSV record (RFC 4180). Returns open_quote when the text ends
// inside a quoted field (the record continues on the next line). Throws
// std::invalid_argument on a quote misplaced in a field.
Split split_csv(const std::string& text, std::vector<std::string>& fields) {
  fields.clear();
  std::string field;
  std::size_t i = 0;
  const std::size_t n = text.size();
  for (;;) {
    field.clear();
    if (i < n && text[i] == '"') {
      ++i;
      for (;;) {
        if (i >= n) return Split::open_quote;
        if (text[i] == '"') {
          if (i + 1 < n && text[i + 1] == '"') {
            field += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        field += text[i++];
      }
      if (i < n && text[i] != ',')
        throw std::invalid_argument("field " + std::to_string(fields.size() + 1) +
                                    ": unexpected character after a closing quote (quotes inside a "
                                    "quoted field must be doubled)");
    } else {
      while (i < n && text[i] != ',') {
        if (text[i] == '"')
          throw std::invalid_argument("field " + std::to_string(fields.size() + 1) +
                                      ": quote in an unquoted field (a field with quotes must be "
                                      "quoted, its quotes doubled)");
        field += text[i++];
      }
    }
    fields.push_back(field);
    if (i >= n) return Split::complete;
    ++i;  // the comma
  }
}

bool is_name(const std::string& s) {
  if (s.empty()) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    if (!(alpha || (i > 0 && c >= '0' && c <= '9'))) return false;
  }
  return true;
}

std::optional<double> to_double(const std::string& s) {
  double v = 0;
  const char* first = s.data();
  const char* last = s.data() + s.size();
  if (first != last && *first == '+') ++first;
  const auto [ptr, ec] = std::from_chars(first, last, v);
  if (ec != std::errc() || ptr != last || first == last) return std::nullopt;
  return v;
}

std::optional<uint64_t> to_uint(const std::string& s) {
  uint64_t v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

std::optional<uint64_t> to_footprint(const std::string& s) {
  if (s.size() < 3 || s.size() > 18 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) return std::nullopt;
  uint64_t v = 0;
  const auto [ptr, ec] = std::from_chars(s.data() + 2, s.data() + s.size(), v, 16);
  if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

std::string show(const std::string& s) {
  std::string t;
  for (char c : s.size() > 40 ? s.substr(0, 37) : s) {
    if (c == '\n') t += "\\n";
    else if (c == '\r') t += "\\r";
    else if (c == '\t') t += "\\t";
    else t += c;
  }
  if (s.size() > 40) t += "...";
  return "\"" + t + "\"";
}

}  // namespace

std::map<std::string, double> parse_params(const std::string& text) {
  std::map<std::string, double> out;
  if (text.empty()) return out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t end = std::min(text.find(';', start), text.size());
    const std::string item = text.substr(start, end - start);
    const std::size_t eq = item.find('=');
    if (item.empty()) throw std::invalid_argument("empty item in params " + show(text) + " (expected name=value;...)");
    if (eq == std::string::npos)
      throw std::invalid_argument("params item " + show(item) + " has no '=' (expected name=value;...)");
    const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
    if (!is_name(key))
      throw std::invalid_argument("bad parameter name " + show(key) +
                                  " in params (expected [A-Za-z_][A-Za-z0-9_]*)");
    const auto v = to_double(value);
    if (!v || !std::isfinite(*v))
      throw std::invalid_argument("parameter " + key + ": value " + show(value) +
                                  " is not a finite number");
    if (!out.emplace(key, *v).second)
      throw std::invalid_argument("parameter " + key + " given twice in params");
    if (end == text.size()) break;
    start = end + 1;
  }
  return out;
}

std::vector<Record> parse_records(std::istream& in, const std::string& name,
                                  const RecordsProgress& progress) {
  std::vector<Record> out;
  std::string line, text;
  std::vector<std::string> fields;
  std::size_t lineno = 0, header_fields = 0;
  uint64_t bytes_read = 0, reported = 0;
  // Column indexes, found in the header.
  struct {
    std::size_t kernel, arch, footprint, duration, bytes_in, bytes_out, params;
    std::optional<std::size_t> cpu;  // optional: instrumented runs' kernel CPU time
    std::optional<std::size_t> weight;  // optional: the runs a sampled row stands for
  } col{};
  bool have_header = false;
  const auto fail = [&](std::size_t at, const std::string& what) -> void {
    throw RecordsError(name + ":" + std::to_string(at) + ": " + what);
  };

  while (std::getline(in, line)) {
    ++lineno;
    bytes_read += line.size() + 1;
    if (progress && bytes_read - reported >= (1u << 20)) {
      progress(bytes_read);
      reported = bytes_read;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    const std::size_t first_line = lineno;
    text = line;
    Split s;
    for (;;) {
      try {
        s = split_csv(text, fields);
      } catch (const std::invalid_argument& e) {
        fail(first_line, e.what());
      }
      if (s == Split::complete) break;
      if (!std::getline(in, line)) fail(first_line, "unterminated quoted field (no closing quote before the end of the file)");
      ++lineno;
      bytes_read += line.size() + 1;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      text += '\n';
      text += line;
    }

    if (!have_header) {
      header_fields = fields.size();
      const auto find = [&](const char* column) {
        for (std::size_t i = 0; i < fields.size(); ++i)
          if (fields[i] == column) return i;
        fail(first_line, std::string("header has no column \"") + column +
                             "\" (expected id,kernel,arch,worker,footprint,submit,start,end,"
                             "duration,bytes_in,bytes_out,params)");
        return std::size_t{0};
      };
      col.kernel = find("kernel");
      col.arch = find("arch");
      col.footprint = find("footprint");
      col.duration = find("duration");
      col.bytes_in = find("bytes_in");
      col.bytes_out = find("bytes_out");
      col.params = find("params");
      for (std::size_t i = 0; i < fields.size(); ++i) {
        if (fields[i] == "cpu") col.cpu = i;
        if (fields[i] == "weight") col.weight = i;
      }
      have_header = true;
      continue;
    }

    if (fields.size() != header_fields)
      fail(first_line, std::to_string(fields.size()) + " fields, expected " +
                           std::to_string(header_fields) + " (as in the header)");
    Record r;
    r.line = first_line;
    r.kernel = fields[col.kernel];
    r.arch = fields[col.arch];
    if (r.kernel.empty()) fail(first_line, "empty kernel name");
    if (r.arch.empty()) fail(first_line, "empty arch");
    const auto fp = to_footprint(fields[col.footprint]);
    if (!fp)
      fail(first_line, "bad hex footprint " + show(fields[col.footprint]) +
                           " (expected \"0x\" and 1 to 16 hex digits)");
    r.footprint = *fp;
    const auto d = to_double(fields[col.duration]);
    if (!d) fail(first_line, "duration " + show(fields[col.duration]) + " is not a number");
    if (!(*d >= 0 && *d <= kMaxKernelSeconds))
      fail(first_line, "duration " + show(fields[col.duration]) + " must be in [0, 1e7] seconds");
    r.seconds = *d;
    if (col.cpu && !fields[*col.cpu].empty()) {
      const auto c = to_double(fields[*col.cpu]);
      if (!c || !(*c >= 0 && *c <= kMaxKernelSeconds))
        fail(first_line, "cpu " + show(fields[*col.cpu]) + " is not a number in [0, 1e7] seconds");
      r.seconds = *c;
    }
    if (col.weight && !fields[*col.weight].empty()) {
      const auto w = to_uint(fields[*col.weight]);
      if (!w || *w == 0 || *w > UINT32_MAX)
        fail(first_line, "weight " + show(fields[*col.weight]) + " is not an integer in [1, 2^32 - 1]");
      r.weight = *w;
    }
    const auto bin = to_uint(fields[col.bytes_in]);
    if (!bin) fail(first_line, "bytes_in " + show(fields[col.bytes_in]) + " is not a non-negative integer");
    const auto bout = to_uint(fields[col.bytes_out]);
    if (!bout) fail(first_line, "bytes_out " + show(fields[col.bytes_out]) + " is not a non-negative integer");
    if (*bout > UINT64_MAX - *bin)
      fail(first_line, "bytes_in + bytes_out is more than 2^64 - 1");
    r.bytes = *bin + *bout;
    try {
      r.params = parse_params(fields[col.params]);
    } catch (const std::invalid_argument& e) {
      fail(first_line, std::string("bad params: ") + e.what());
    }
    out.push_back(std::move(r));
  }
  if (in.bad()) throw RecordsError(name + ": read error");
  if (!have_header) throw RecordsError(name + ": empty file (expected a header line)");
  if (progress) progress(bytes_read);
  return out;
}

std::vector<Record> read_records(const std::filesystem::path& path, const RecordsProgress& progress) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw RecordsError(path.string() + ": cannot open: " + std::strerror(errno));
  return parse_records(in, path.string(), progress);
}

}  // namespace hcc::models
