// libFuzzer target: the platform reader (rt/backend/sim/sim_platform.cpp),
// as a simulated run uses it: each input is written to a file and checked by
// probe_platform, which loads it with SimGrid in a child process. Whatever
// the file holds, the verdict is "usable" or one line saying why not; the
// fuzzer's own process never loads a platform, so SimGrid's aborts cannot
// end it.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <simgrid/s4u.hpp>
#include <string>

#include "config.hpp"
#include "sim_platform.hpp"

namespace fs = std::filesystem;

namespace {

simgrid::s4u::Engine& engine() {
  static int argc = 1;
  static char name[] = "fuzz_platform";
  static char* argv[] = {name, nullptr};
  static simgrid::s4u::Engine e(&argc, argv);
  return e;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const fs::path file = fs::temp_directory_path() / ("hcc-fuzz-platform-" + std::to_string(::getpid()) + ".xml");
  {
    std::ofstream f(file, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  const std::optional<std::string> problem =
      hcc::rt::probe_platform(engine(), file.string(), [] { hcc::rt::describe_platform(hcc::rt::Config{}); });
  if (problem && (problem->empty() || problem->find('\n') != std::string::npos)) {
    std::fprintf(stderr, "fuzz_platform: the verdict is not one line: '%s'\n", problem->c_str());
    std::abort();
  }
  return 0;
}
