#include "fatal.hpp"

#include <cstdio>
#include <cstdlib>

namespace hcc::rt {

void fatal(const std::string& what) {
  // What the program printed before stays before the line, as far as no
  // other thread is writing it.
  if (ftrylockfile(stdout) == 0) {
    fflush_unlocked(stdout);
    funlockfile(stdout);
  }
  std::fprintf(stderr, "hccsim: error: %s\n", what.c_str());
  std::fflush(stderr);
  // _Exit: a simulation may be stopped from inside an actor, where running
  // destructors of the simulation engine would not terminate cleanly.
  std::_Exit(1);
}

}  // namespace hcc::rt
