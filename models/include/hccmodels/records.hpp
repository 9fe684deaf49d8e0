// hccmodels: reading the records CSV that instrumented runs write
// (HCC_RECORDS, format in docs/traces.md) for calibration.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <istream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace hcc::models {

// One task of a records CSV: what calibration needs of it.
struct Record {
  std::string kernel, arch;
  uint64_t footprint = 0;
  uint64_t bytes = 0;      // bytes_in + bytes_out
  // The kernel's time: the cpu column when the file has one and the row a
  // value there (an instrumented CPU kernel's thread CPU time, which leaves
  // out the time its thread was preempted), else the duration column.
  double seconds = 0;
  std::map<std::string, double> params;  // the params column, e.g. NB=512;MB=1024
  // How many runs the row stands for: the weight column when the file has
  // one (an instrumented run timed a fine-grained kernel's runs one in so
  // many), else 1.
  uint64_t weight = 1;
  std::size_t line = 0;    // 1-based line where the record starts (for messages)
};

// A malformed records file. what() is one line "<name>:<line>: <what is wrong>",
// e.g. "records.csv:17: 11 fields, expected 12 (as in the header)", or
// "<name>: <what>" when no line applies (empty file, cannot open).
struct RecordsError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Called now and then with the number of bytes read so far.
using RecordsProgress = std::function<void(uint64_t bytes_read)>;

// Parses a records CSV: a header line naming the columns (docs/traces.md;
// only kernel, arch, footprint, duration, bytes_in, bytes_out and params are
// used, found by name, so extra or reordered columns are fine), then one
// record per row. Fields may be quoted as in RFC 4180 (quotes doubled, line
// breaks inside quotes); CRLF line ends and blank lines are accepted. Throws
// RecordsError naming `name` and the line for: a missing header or column,
// a row with another number of fields than the header, a non-numeric,
// negative or non-finite duration, a bad hex footprint, non-integer bytes,
// bad params syntax (items name=value separated by ';', name
// [A-Za-z_][A-Za-z0-9_]*, value a finite number, no name twice), and bad
// quoting.
std::vector<Record> parse_records(std::istream& in, const std::string& name,
                                  const RecordsProgress& progress = {});

// parse_records on a file, named by its path in messages.
std::vector<Record> read_records(const std::filesystem::path& path,
                                 const RecordsProgress& progress = {});

// Parses a params field ("NB=512;MB=1024"; empty: no parameters). Throws
// std::invalid_argument saying what is wrong.
std::map<std::string, double> parse_params(const std::string& text);

}  // namespace hcc::models
