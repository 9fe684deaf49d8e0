// CPU bursts: the program's own code in a simulation. Every simulated
// thread (the program's or a rank's main actor, an OpenMP team's thread, a
// worker running a task body that the simulation runs) is either in the
// runtime or in the program. The CPU time it spends in the program between
// two entries into the runtime (an MPI call, an OpenMP or hcc entry that may
// wait, submit or synchronise) is measured on its thread's CPU clock and
// charged as CPU work on its simulated core (ARCHITECTURE.md, principle 2;
// seed 002 §3.1, as SMPI benchmarks the code between MPI calls). SimGrid
// runs one actor at a time and switches only inside a simcall, which the
// program's code never makes: between two entries, the clock of the system
// thread that runs the actors counts the running actor's work alone.
//
// The runtime's own work is not a burst: it is charged its measured costs
// (hcc.submit, hcc.task, ...). An instrumented run samples its short bursts
// (burst_models.hpp). Natively, and with HCC_SIM_BURSTS=off, no accounting
// is installed and the scopes below cost one test.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "cpu_clock.hpp"
#include "loop_contention.hpp"
#include "private_vars.hpp"

namespace hcc::rt {

// Where one simulated thread stands. A burst is timed on the monotonic
// clock, and also on the thread's CPU clock unless the bursts that started
// where it starts were short (bursts.cpp says why).
struct BurstClock {
  int depth = 1;          // runtime entries in progress; 0: running the program's code
  double mark = -1;       // the monotonic clock when the program's code resumed; < 0: not counted
  double mark_cpu = -1;   // the CPU clock then, when read
  double uncharged = 0;   // uncharged_seconds() then
  double uncharged_cpu = 0;  // the same on the CPU clock
  const void* site = nullptr;  // where the burst started: the entry left, or the code called
  bool held = false;      // the code that follows is timed by a sampled burst, not here
  double pending = 0;     // seconds of short bursts gathered, not charged yet
  double line_moves = 0;  // the simulated core's seconds of cache-line moves in the burst (hcc_shared_line)
  const char* last_entry = nullptr;  // the `where` of the entry the burst began at
  bool line_moved = false;  // instrumented runs: the sampled burst's atomics moved a line (hcc_shared_line)
  double finding_moves = 0;  // and the seconds it spent finding out, left out of it
  LoopContention* contention = nullptr;  // the loop whose chunk the thread runs (loop_contention.hpp)
  MeasuredChunk chunk;      // and what the instrumented runs measured of the chunk
  ChunkState chunk_state;    // and where the chunk stands there
  int inner_nests = 0;  // loop nests entered inside the contended nest the thread runs (loop_nests.cpp)
  uint32_t countdown = 0;  // instrumented runs: bursts until the next sampled one (burst_models.hpp)
  uint32_t window = 0;     // and those of the window of consecutive ones it is in still to time
  uint32_t windows = 0;    // and how many windows the thread began
};

// What the simulation provides: the running actor's clock, and how to
// charge seconds of CPU work measured here on the actor's simulated core.
// An instrumented run provides record instead of charge: it samples its
// short bursts for the simulation's models (burst_models.hpp).
struct BurstAccounting {
  BurstClock* (*clock_of_caller)();
  // seconds: measured here, scaled to the caller's core; line_moves: the
  // core's own seconds (BurstClock::line_moves).
  void (*charge)(double seconds, double line_moves);
  void (*record)(uint64_t key, double seconds) = nullptr;
  // The caller's code updates (update) or reads the cache line of address
  // atomically (hcc_shared_line, hcc_shared_line_load): a simulation adds
  // the line's move from another core that updated it since the caller last
  // did to the burst's line_moves, charged with the burst unless the burst
  // is charged its native model, which the native moves are part of; an
  // instrumented run finds whether an update moved the line natively
  // (note_native_line_update).
  void (*shared_line)(const void* address, bool update) = nullptr;
  // The runtime's own atomic update, for the caller, of a line that other
  // threads update as often (a dynamic loop's counter of chunks while
  // another thread still takes chunks from it): a simulation charges the
  // line's move from another core at once, as the runtime's work (natively
  // the move is a runtime entry's time, in no burst and no measured cost).
  // moves: how many (an expectation where it is one). Null in instrumented
  // runs: their moves are real.
  void (*runtime_line_move)(double moves) = nullptr;
  // The caller's code, in the runtime at an entry it made to poll the
  // line of address (hcc_shared_line_poll: a loop waits for its value),
  // reads it next: a simulation makes it wait for the value until its
  // simulated time when another core wrote it ahead of the caller
  // (LineHistory::wait_for_latest). Null in instrumented runs.
  void (*line_polled)(const void* address) = nullptr;
};

// Installed by a simulation when bursts are accounted (HCC_SIM_BURSTS=on,
// the default) and by an instrumented run; null natively.
extern const BurstAccounting* g_burst_accounting;
void install_burst_accounting(const BurstAccounting* accounting);
// Whether bursts are charged: a simulation that accounts them.
inline bool bursts_charged() { return g_burst_accounting && g_burst_accounting->charge; }
// The caller's thread spins this many simulated seconds on its core (a
// lock another thread holds in simulated time): charged as the runtime's
// work, unscaled by the host's speed factor, as a line's move is.
inline void runtime_spins(double seconds) {
  if (bursts_charged()) g_burst_accounting->charge(0, seconds);
}
// The caller's runtime work moves a shared line (BurstAccounting::runtime_line_move).
inline void runtime_moves_line(double moves = 1) {
  if (g_burst_accounting && g_burst_accounting->runtime_line_move) g_burst_accounting->runtime_line_move(moves);
}

// Set by a simulation that charges no bursts (HCC_SIM_BURSTS=off): what a
// read of a value that another simulated thread may set does
// (hcc_shared_line_read: an atomic that reads, a loop's volatile flag). It
// lets the others run and one poll's time pass, as a thread polling in the
// runtime does (Backend::yield): a thread waiting for a flag otherwise ran
// alone forever, no burst of its own advancing its clock. Null otherwise.
extern void (*g_poll_without_bursts)();

// Where the simulated threads stand, for the simulation's stall watch
// (sim_stall_watch.cpp), which reads it from a thread of its own: how many
// times the running actor entered or resumed the program's code, and, while
// it runs that code, the entry it resumed after (null in the runtime).
// Actors run one at a time: plain stores, no read-modify-write.
struct BurstProgress {
  std::atomic<uint64_t> turns{0};
  std::atomic<const char*> resumed_after{nullptr};
  void entered() {
    resumed_after.store(nullptr, std::memory_order_relaxed);
    turns.store(turns.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }
  void resumed(const char* after) {
    resumed_after.store(after ? after : "", std::memory_order_relaxed);
    turns.store(turns.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }
};
extern BurstProgress g_burst_progress;

// where: the entry's source location as clang writes it for OpenMP
// (";file;function;line;column;;"), or the entry's name (an MPI function),
// or null: it names the burst in records and traces ("burst:file:line").
// gather: the entry lets no other actor see the caller's time, so that a
// short burst may be charged with the next ones (bursts.cpp).
// discard_below: a burst shorter than this many seconds is not charged
// (an MPI call's: SMPI's smpi/cpu-threshold, sim_bursts.hpp), but from one
// read of the clock (MPI_Wtime) to the next unless it is infinite: a loop
// that polls the clock until a time has passed must see its time pass.
// native_seconds: what the entry's own work costs natively where it is the
// program's time, charged with the burst (ClockReadEntry, NativeCost).
void burst_runtime_entered(const char* where, bool gather, double discard_below = 0, double native_seconds = 0);
// The caller's burst so far, in seconds measured here (0 in the runtime):
// where its simulated thread stands before the burst is charged.
double running_burst_seconds();
double running_burst_seconds(const BurstClock& c);  // the same, of the caller's clock c
double running_burst_seconds(const BurstClock& c, double now);  // the same at now (the monotonic clock)
void burst_runtime_left(const void* site);
// What a call of the program's code saves of its caller's clock.
struct BurstCaller {
  int depth = 1;
  const char* last_entry = nullptr;
};
BurstCaller burst_program_begins(const void* code);
void burst_program_ends(BurstCaller caller);
// An instrumented run's sampling of its bursts (burst_models.hpp), inline:
// it runs at every entry. The calling thread's clock (depth 1 when it
// starts: a worker starts in the runtime, and the program's main thread is
// not sampled outside its calls from the runtime). Constant-initialised:
// other files then read it without calling its initialisation first (3 % of
// an instrumented Fibonacci's run on one thread at cut-off 0, perf).
extern constinit thread_local BurstClock t_sampled_clock;
// Until the run has timed enough bursts (kBurstWindowsInRun): then entries
// cost a test again.
extern std::atomic<bool> g_sampling_bursts;
inline bool burst_entries_counted() {
  return g_burst_accounting && (!g_burst_accounting->record || g_sampling_bursts.load(std::memory_order_relaxed));
}
void sample_close(BurstClock& c, const char* where);  // the burst since c.mark ends at where
// An instrumented run's hcc_shared_line: whether another thread updated
// address's line since the caller last did, which moved the line into the
// caller's cache (shared_lines.cpp); a read (update false) changes nothing.
void note_native_line_update(const void* address, bool update);
void sample_mark(BurstClock& c);                      // the burst that begins is sampled
inline void sample_entered(BurstClock& c, const char* where) {
  if (c.depth++ != 0) return;
  if (c.mark >= 0) sample_close(c, where);
  c.last_entry = where;
}
// depth: the entries it leaves (0 where a call of the program's code begins or resumes).
inline void sample_left(BurstClock& c, int depth) {
  if ((c.depth -= depth) > 0) return;
  c.depth = 0;
  if (c.countdown-- == 0) sample_mark(c);
}

// The code the caller runs next, until its next entry into the runtime, is
// timed by a sampled burst (sampling.cpp): not a burst.
void burst_hold();

// A loop nest of the program's code whose bursts a simulation scales by its
// contention, between contended_chunk_begins and contended_chunk_ends
// (loop_nests.cpp): a nest entered inside it is its part. Whether the
// caller runs such a nest, counting the one it enters.
bool enters_within_contended_nest();
// Whether the nest the caller leaves is the contended one (not one inside it).
bool leaves_contended_nest();

// The runtime's work inside a call of the program's that is no runtime
// entry, in a simulation: the allocation functions' bookkeeping (their
// table of blocks, the native heap's model), like mapping folded memory, is
// the simulator's time, left out of the burst that contains it. A simulated
// loop of 2 M allocations charged it 0.3-1.3 s where the native loop runs
// 0.2 s. Natively, and with HCC_SIM_BURSTS=off, one test.
class SimulatorWork {
 public:
  SimulatorWork() : counted_(bursts_charged()) {
    if (counted_) [[unlikely]]
      begin();
  }
  ~SimulatorWork() {
    if (counted_) [[unlikely]]
      end();
  }
  SimulatorWork(const SimulatorWork&) = delete;
  SimulatorWork& operator=(const SimulatorWork&) = delete;

 private:
  void begin();
  void end();
  bool counted_;
  double start_ = -1;
};

// Seconds of the simulator's work in the caller's burst that the caller
// knows without reading the clocks around it (a cost it measured once):
// left out of the burst, as SimulatorWork's.
void add_simulator_work(double seconds);

// "<file>:<line>" from a source location as clang writes it for OpenMP
// (";<path>;<function>;<line>;<column>;;"), or "" for another text: names
// bursts ("burst:file:line") and loops ("loop:file:line", loop_kernels.cpp).
std::string openmp_site(const char* psource);

// The tag of an entry that reads the program's clock (omp_get_wtime,
// MPI_Wtime, hcc_time, the C library's clocks in simulation): natively the
// read is the program's time, charged with the burst it ends (bursts.cpp).
struct ClockReadEntry {};
// The tag of an entry whose work natively is a few instructions on the
// program's thread, not a wait (an uncontended lock's atomic operations):
// seconds(), measured once on this machine, is charged with the burst it
// ends.
struct NativeCost {
  double (*seconds)();
};

// Around an entry into the runtime from the program's code. Always inlined
// into the entry point, so that the return address it keeps is where the
// program called it: the site the next burst starts from.
class RuntimeEntry {
 public:
  __attribute__((always_inline)) explicit RuntimeEntry(const char* where = nullptr, bool gather = false,
                                                       double discard_below = 0)
      : on_(burst_entries_counted()), site_(__builtin_return_address(0)) {
    enter(where, gather, discard_below, nullptr);
  }
  __attribute__((always_inline)) RuntimeEntry(const char* where, ClockReadEntry, double discard_below = 0)
      : on_(burst_entries_counted()), site_(__builtin_return_address(0)) {
    enter(where, false, discard_below, [] { return clock_overhead(Clock::Monotonic); });
  }
  __attribute__((always_inline)) RuntimeEntry(const char* where, NativeCost cost)
      : on_(burst_entries_counted()), site_(__builtin_return_address(0)) {
    enter(where, false, 0, cost.seconds);
  }
  ~RuntimeEntry() {
    // The program's code resumes: the actor may have waited while another
    // rank's ran (private_vars.hpp). Before the burst's mark: finding the
    // rank is the runtime's work (a loop of MPI_Wtime calls was charged
    // 39 ns a call for its 1 ns of loop).
    if (g_switch_rank_images) resume_rank_image();
    if (!on_) return;
    if (g_burst_accounting->record) sample_left(t_sampled_clock, 1);
    else burst_runtime_left(site_);
  }
  RuntimeEntry(const RuntimeEntry&) = delete;
  RuntimeEntry& operator=(const RuntimeEntry&) = delete;

 private:
  // native_seconds: what the entry costs natively as the program's time
  // (NativeCost), read only when bursts are counted; null: nothing.
  __attribute__((always_inline)) void enter(const char* where, bool gather, double discard_below,
                                            double (*native_seconds)()) {
    if (!on_) return;
    if (g_burst_accounting->record) sample_entered(t_sampled_clock, where);
    else burst_runtime_entered(where, gather, discard_below, native_seconds ? native_seconds() : 0);
  }

  bool on_;
  const void* site_;
};

// Around the runtime's call of the program's code (main, a region's body,
// a task body run for real); code: the function called. counted: false for
// a kernel run for real (timed for its model, or run for its effects), which
// is charged its model, not bursts.
class ProgramCall {
 public:
  explicit ProgramCall(const void* code, bool counted = true) : on_(counted && burst_entries_counted()) {
    if (g_switch_rank_images) resume_rank_image();
    if (on_) saved_ = burst_program_begins(code);
  }
  ~ProgramCall() {
    if (on_) burst_program_ends(saved_);
  }
  ProgramCall(const ProgramCall&) = delete;
  ProgramCall& operator=(const ProgramCall&) = delete;

 private:
  bool on_;
  BurstCaller saved_;
};

}  // namespace hcc::rt
