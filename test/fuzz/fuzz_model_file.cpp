// libFuzzer target: the model-file loader (models/src/model_file.cpp).
// Any input is either refused with one ModelError line naming the file, or
// loaded; a loaded model must save and load back unchanged in its counts
// (what an instrumented run or hcc-calibrate would do with it next).
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "hccmodels/model_file.hpp"

namespace fs = std::filesystem;
using namespace hcc::models;

namespace {

const fs::path& scratch() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("hcc-fuzz-model-" + std::to_string(::getpid()));
    fs::create_directories(d);
    return d;
  }();
  return dir;
}

[[noreturn]] void invalid(const std::string& what) {
  std::fprintf(stderr, "fuzz_model_file: %s\n", what.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const fs::path in = scratch() / "k.cpu.json";
  const fs::path out = scratch() / "saved.cpu.json";
  {
    std::ofstream f(in, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  KernelModel m;
  try {
    m = load_model_file(in);
  } catch (const ModelError& e) {
    const std::string msg = e.what();
    if (msg.rfind("model file " + in.string() + ": ", 0) != 0 || msg.find('\n') != std::string::npos)
      invalid("error is not one line naming the file: " + msg);
    return 0;
  }
  try {
    save_model_file(out, m);
    const KernelModel back = load_model_file(out);
    if (back.entries.size() != m.entries.size()) invalid("entries lost in a save/load round trip");
    for (const auto& [fp, e] : m.entries)
      if (back.entries.at(fp).count != e.count) invalid("count changed in a save/load round trip");
    // Merging the model with itself is what a second calibration does.
    KernelModel twice = back;
    twice.merge(back);
    model_file_text(out, twice);
  } catch (const std::invalid_argument&) {
    // A merge past 2^53 observations: refused, as designed.
  } catch (const std::exception& e) {
    invalid(std::string("a model that loads cannot be saved and loaded back: ") + e.what());
  }
  return 0;
}
