#pragma once
#include <string>

namespace hcc::rt {
// Prints "hccsim: error: <what>" on one line and ends the process: for errors
// the run cannot go on from (a corrupt model file, an unknown platform).
[[noreturn]] void fatal(const std::string& what);
}  // namespace hcc::rt
