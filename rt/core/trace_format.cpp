// Deterministic formatting for records and traces: see trace_format.hpp.
#include "trace_format.hpp"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

namespace hcc::rt::trace_format {

double clean(double t) { return std::isfinite(t) ? t : 0.0; }

void put_fixed(std::string& out, double v, int prec) {
  char buf[400];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, prec);
  if (ec != std::errc()) {
    out += '0';
    return;
  }
  const char* begin = buf;
  if (*begin == '-' && std::all_of(begin + 1, static_cast<const char*>(end),
                                   [](char c) { return c == '0' || c == '.'; }))
    ++begin;
  out.append(begin, static_cast<size_t>(end - begin));
}

void put_hex16(std::string& out, uint64_t v) {
  static const char digits[] = "0123456789abcdef";
  char buf[18] = {'0', 'x'};
  for (int i = 17; i >= 2; --i, v >>= 4) buf[i] = digits[v & 0xf];
  out.append(buf, sizeof buf);
}

void put_csv(std::string& out, const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) {
    out += s;
    return;
  }
  out += '"';
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

void put_json(std::string& out, const std::string& s) {
  const bool plain = std::all_of(s.begin(), s.end(), [](char c) {
    return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
  });
  if (plain) {  // the common case, without building a json value
    out += '"';
    out += s;
    out += '"';
    return;
  }
  out += nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string paje_name(const std::string& s) {
  if (s.empty()) return "_";
  std::string r = s;
  for (char& c : r) c = c == '"' ? '\'' : (c == '\n' || c == '\r') ? ' ' : c;
  return r;
}

void put_paje(std::string& out, const std::string& s) {
  out += '"';
  out += paje_name(s);
  out += '"';
}

int64_t to_ns(double seconds) {
  const double s = std::clamp(clean(seconds), -9.0e9, 9.0e9);
  return std::llround(s * 1e9);
}

void put_us(std::string& out, int64_t ns) {
  if (ns < 0) {
    out += '-';
    ns = -ns;
  }
  put_int(out, ns / 1000);
  const int frac = static_cast<int>(ns % 1000);
  out += '.';
  out += static_cast<char>('0' + frac / 100);
  out += static_cast<char>('0' + frac / 10 % 10);
  out += static_cast<char>('0' + frac % 10);
}

void put_color(std::string& out, const std::string& name) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : name) {
    h ^= c;
    h *= 1099511628211ull;
  }
  const double hue = static_cast<double>(h % 360) / 60.0;  // [0, 6)
  const double s = 0.65, v = 0.90;
  const int sector = static_cast<int>(hue);
  const double f = hue - sector;
  const double p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
  double r, g, b;
  switch (sector) {
    case 0: r = v, g = t, b = p; break;
    case 1: r = q, g = v, b = p; break;
    case 2: r = p, g = v, b = t; break;
    case 3: r = p, g = q, b = v; break;
    case 4: r = t, g = p, b = v; break;
    default: r = v, g = p, b = q; break;
  }
  out += '"';
  put_fixed(out, r, 3);
  out += ' ';
  put_fixed(out, g, 3);
  out += ' ';
  put_fixed(out, b, 3);
  out += '"';
}

std::string link_value(int src, int dst) { return std::to_string(src) + "->" + std::to_string(dst); }

}  // namespace hcc::rt::trace_format
