// Deterministic formatting for records and traces (trace.cpp,
// trace_paje.cpp, trace_chrome.cpp): the same values give the same bytes on
// every machine and locale, so that simulated traces compare byte for byte.
#pragma once

#include <charconv>
#include <cstdint>
#include <string>

namespace hcc::rt::trace_format {

// A time usable in a trace: non-finite values (never produced by a clock)
// become 0 so that sorting and formatting stay well defined.
double clean(double t);

// Fixed-point, locale-independent ("%.<prec>f" without setlocale effects);
// "-0.000" is written "0.000".
void put_fixed(std::string& out, double v, int prec);
inline void put_time(std::string& out, double seconds) { put_fixed(out, seconds, 9); }

template <typename Int>
void put_int(std::string& out, Int v) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  (void)ec;
  out.append(buf, static_cast<size_t>(end - buf));
}

// 0x%016llx
void put_hex16(std::string& out, uint64_t v);
// RFC 4180: a field containing a comma, a quote or a line break is quoted,
// with its quotes doubled.
void put_csv(std::string& out, const std::string& s);
// A JSON string literal (quotes included); invalid UTF-8 becomes U+FFFD.
void put_json(std::string& out, const std::string& s);
// A Paje string field, always quoted. Paje readers have no escapes: a quote
// becomes an apostrophe, a line break a space; an empty name becomes "_".
std::string paje_name(const std::string& s);
void put_paje(std::string& out, const std::string& s);
// Seconds to integer nanoseconds (Chrome traces: exact ts and dur).
int64_t to_ns(double seconds);
// Microseconds with three decimals from integer nanoseconds.
void put_us(std::string& out, int64_t ns);
// A stable color for a name, "r g b" quoted: FNV-1a picks a hue (same on
// every platform).
void put_color(std::string& out, const std::string& name);
// The name of a transfer direction between memory nodes: "src->dst".
std::string link_value(int src, int dst);

}  // namespace hcc::rt::trace_format
