// libFuzzer target: the records CSV reader (models/src/records.cpp) and the
// calibration that follows it. Any input is refused with one RecordsError
// line naming file and line, or read; records that are read must calibrate
// into models that can be saved (hcc-calibrate writes nothing otherwise, but
// a reader that accepts a record must not let it poison a model).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "hccmodels/calibrate.hpp"
#include "hccmodels/model_file.hpp"
#include "hccmodels/records.hpp"

using namespace hcc::models;

namespace {
[[noreturn]] void invalid(const std::string& what) {
  std::fprintf(stderr, "fuzz_records: %s\n", what.c_str());
  std::abort();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::vector<Record> records;
  try {
    records = parse_records(in, "fuzz.csv");
  } catch (const RecordsError& e) {
    const std::string msg = e.what();
    if (msg.rfind("fuzz.csv", 0) != 0 || msg.find('\n') != std::string::npos)
      invalid("error is not one line naming the file: " + msg);
    return 0;
  }
  if (records.empty()) return 0;
  std::vector<KernelCalibration> cals;
  try {
    cals = calibrate(records, CalibrateOptions{});
  } catch (const std::invalid_argument&) {
    return 0;  // e.g. terms that cannot be fitted: hcc-calibrate's one-line error
  }
  for (const KernelCalibration& c : cals) {
    try {
      model_file_text("fuzz.json", c.model);
    } catch (const ModelError& e) {
      invalid(std::string("records that were read give a model that cannot be saved: ") + e.what());
    }
  }
  return 0;
}
