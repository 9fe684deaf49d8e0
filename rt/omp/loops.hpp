// Loops whose iterations are handed out at run time (dynamic, guided,
// runtime and ordered schedules): shared by the threads of a team.
#pragma once

#include <cstdint>

namespace hcc::omp {

struct Loop {
  int32_t kind = 0;       // kSchStatic, kSchStaticChunked, kSchDynamicChunked or kSchGuidedChunked
  bool ordered = false;
  uint64_t trip = 0;      // iterations
  uint64_t chunk = 1;
  uint64_t next = 0;      // dynamic, guided: first iteration not handed out yet
  uint64_t ordered_next = 0;  // the iteration whose ordered region may run
  int finished = 0;       // threads that have been told the loop is over
  uint64_t ordinal = 0;   // key in Team::loops
};

// Parses an OMP_SCHEDULE value ("dynamic,4", "monotonic:guided"): the
// schedule kind and chunk; false when malformed.
bool parse_schedule(const char* text, int32_t& kind, int64_t& chunk);

}  // namespace hcc::omp
