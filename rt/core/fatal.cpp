#include "fatal.hpp"

#include <cstdio>
#include <cstdlib>

namespace hcc::rt {

void fatal(const std::string& what) {
  std::fprintf(stderr, "hccsim: error: %s\n", what.c_str());
  std::fflush(stderr);
  // _Exit: a simulation may be stopped from inside an actor, where running
  // destructors of the simulation engine would not terminate cleanly.
  std::_Exit(1);
}

}  // namespace hcc::rt
