// When each core of a host updated one cache line that the program's
// atomics update (hcc_shared_line), in simulated time, and whether an
// update moved the line from another core (sim_bursts.cpp charges the move,
// hcc.line_transfer in docs/platforms.md).
//
// The line moved to the caller when another core updated it since the
// caller last did, in simulated time: actors run one at a time, so the
// order in which they run is not the order of their updates (an actor that
// ran first may hold updates later than the caller's). A core's updates are
// kept as runs: a loop of atomics without an entry into the runtime updates
// a line every few nanoseconds, and its actor runs whole before another
// does. Inside a run of another core's updates, the window since the
// caller's last update holds its length over the run's mean gap between
// updates, at most one: the caller's windows add these up, and the line
// moved when they reach a whole update. Two threads incrementing a
// histogram's bins take the line from each other at nearly every update; a
// core's window of 10 ns in another's run of an update every 200 ns finds
// one in twenty. A core that took the line keeps it for one more move's
// time (the other core's request takes that long to come), unless another
// took it meanwhile: a tight loop
// moves the line once per two moves' time, not at each of its updates
// (two threads incrementing a histogram's bins: charged a move at each,
// 0.25-0.56 s simulated for a 0.20 s native run).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

namespace hcc::rt {

class LineHistory {
 public:
  // Updates this close follow their core's previous one in its run.
  static constexpr double kRunGap = 1e-6;
  // Runs kept per core: beyond, the two oldest become one (the timer's
  // interrupts split a loop's updates into a run every few thousand).
  static constexpr size_t kRuns = 256;

  // Core `core` updates the line at simulated time `now`: whether another
  // core updated it since this core last did. The update is kept at now,
  // plus move_cost when it moved.
  bool update(int core, double now, double move_cost);
  // Core `core` takes a lock kept in the line at `now` (the C library's
  // random generators, sim_rank_random.cpp): how many times other cores
  // took it since this core last did, each of which this one waited for
  // natively (a core waiting for the lock takes it at its release; two
  // threads drawing from rand() in turn took its line from each other at
  // nearly every draw, 40-50 ns a draw with the VM's lines moving in 40 ns).
  // Counted whole, unlike an atomic's updates: the actor that runs last
  // then waits for all the other's takes it overlaps, which the one that
  // ran first, finding none yet, did not.
  double take(int core, double now);
  // Core `core` reads the line at `now` (an atomic read, a flag's poll):
  // whether another core updated it since this core last read or updated
  // it. A read takes a copy and leaves the others theirs: it is no update
  // the other cores find (two threads reading a bound that one of them
  // rarely lowers took the line from each other at every read).
  bool read(int core, double now, double move_cost);
  // Core `core`, polling the line at `now` (a loop that waits for its
  // value), reads what the line's latest update in the simulation's order
  // wrote. When another core made it later in simulated time (its actor
  // ran ahead: a thread that sets a flag after a long computation runs
  // whole before the one that polls it), natively the caller would have
  // found the value only then, with the line's move: the seconds it waits
  // for it, 0 otherwise. The read is kept at the value's arrival.
  double wait_for_latest(int core, double now, double move_cost);
  // Whether more than one core updated the line.
  bool shared() const { return uses_.size() > 1; }

 private:
  struct Run {
    double first, last;  // simulated times of its first and last updates
    uint64_t count;
  };
  struct Uses {
    int core;
    std::deque<Run> runs;  // ascending by first
    double seen = 0;       // fractions of other cores' updates found in its windows, not yet a move
    double held_until = -1;  // it took the line: no move before
    double read_at = -1;     // its last read
    double read_seen = 0;    // as seen, for its reads
  };
  Uses& uses_of(int core);
  // The updates of runs in (since, now]: 1 when one of a run's ends is, a
  // fraction of one inside a run.
  static double updates_between(const std::deque<Run>& runs, double since, double now);
  // The updates of runs in (since, now], counted whole.
  static double updates_counted(const std::deque<Run>& runs, double since, double now);
  static void add(std::deque<Run>& runs, double at);
  // Drops a core's runs timed after now, and ends its last one there.
  static void keep_program_order(std::deque<Run>& runs, double now);

  std::vector<Uses> uses_;
  int latest_core_ = -1;  // the latest update in the simulation's order: its core and simulated time
  double latest_at_ = 0;
};

}  // namespace hcc::rt
