// Loops whose iterations are handed out at run time (dynamic, guided,
// runtime and ordered schedules): shared by the threads of a team.
#pragma once

#include <atomic>
#include <cstdint>
#include <type_traits>

namespace hcc::omp {

struct Loop {
  int32_t kind = 0;       // kSchStatic, kSchStaticChunked, kSchDynamicChunked or kSchGuidedChunked
  bool ordered = false;
  uint64_t trip = 0;      // iterations
  uint64_t chunk = 1;
  // dynamic, guided: the first iteration not handed out yet. The threads
  // take their chunks from it without the runtime's lock (one atomic update
  // a chunk: schedule(dynamic, 1) over 10 M short iterations took 1.1 s on
  // two threads under the lock, 0.19 s in libgomp), on a line of its own,
  // which moves between their cores at each update.
  alignas(64) std::atomic<uint64_t> next{0};
  uint64_t ordered_next = 0;  // the iteration whose ordered region may run
  // Threads that have been told the loop is over (under the runtime's lock;
  // read without it by a simulation: whether others still take chunks).
  std::atomic<int> finished{0};
  uint64_t ordinal = 0;   // key in Team::loops
};

// Iterations of lb, lb + st, ... up to ub inclusive (down to ub when st < 0),
// in the loop variable's type: worksharing loops and taskloop.
template <class T, class ST>
uint64_t trip_count(T lb, T ub, ST st) {
  using UT = std::make_unsigned_t<T>;
  if (st == 0) return 0;
  if (st > 0) return ub < lb ? 0 : static_cast<uint64_t>((static_cast<UT>(ub) - static_cast<UT>(lb)) / static_cast<UT>(st)) + 1;
  return lb < ub ? 0 : static_cast<uint64_t>((static_cast<UT>(lb) - static_cast<UT>(ub)) / static_cast<UT>(-st)) + 1;
}

// run-sched-var as omp_get_schedule reads it back (libomp's values): the
// kind (omp_sched_t, with its monotonic modifier) and the chunk, 0 for an
// unchunked static schedule, at least 1 for dynamic and guided, 1 for auto.
struct RunSchedule {
  int32_t kind = 1;  // omp_sched_static; 0 in a team or task: not set there
  int32_t chunk = 0;
  bool operator==(const RunSchedule&) const = default;
  // What schedule(runtime) loops do: a kSch* kind and its chunk.
  int32_t loop_kind() const;
};
// omp_set_schedule's normalisation of a kind and chunk.
RunSchedule run_schedule(int32_t kind, int64_t chunk);
// Parses an OMP_SCHEDULE value ("dynamic,4", "monotonic:guided"); false
// when malformed.
bool parse_schedule(const char* text, RunSchedule& out);
// The OMP_SCHEDULE name of a kind without its modifier ("static", ...).
const char* schedule_name(int32_t kind);

}  // namespace hcc::omp
