#include "bursts.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "burst_models.hpp"
#include "cpu_clock.hpp"
#include "folded_memory.hpp"
#include "ranks.hpp"
#include "runtime.hpp"

namespace hcc::rt {

const BurstAccounting* g_burst_accounting = nullptr;
BurstProgress g_burst_progress;

void install_burst_accounting(const BurstAccounting* accounting) { g_burst_accounting = accounting; }

namespace {

// SimulatorWork's seconds so far, on the monotonic clock, and what bursts
// timed on the CPU clock leave out of theirs: the same, each scope's at
// most kShortInterval (SimulatorWork's destructor). Actors run one at a
// time: no lock.
double simulator_work_seconds = 0;
double simulator_work_cpu_seconds = 0;
// The outermost scope times the work (scopes nest: release's bookkeeping
// calls the native heap's).
thread_local int simulator_work_depth = 0;

// What a burst leaves out: the simulator's time in the program's calls.
double uncharged_seconds() { return fold_fault_seconds() + simulator_work_seconds; }
double uncharged_cpu_seconds() { return fold_fault_seconds() + simulator_work_cpu_seconds; }

// A burst that starts where the last one that started there (the same
// entry left, or the same code called) was short is timed on the monotonic
// clock alone, the others on the CPU clock too (kShortInterval): reading
// the CPU clock around each of a Fibonacci's seven bursts per task measured
// them 0.4 us too long each, more than the code they timed, and the
// monotonic clock alone tripled long bursts on a loaded machine. A site is
// first taken for one of long bursts.

// Sites whose last burst was short. Actors run one at a time: no lock.
std::unordered_set<const void*>& short_sites() {
  static auto* sites = new std::unordered_set<const void*>;  // used until the process ends
  return *sites;
}

void mark(BurstClock& c, const void* site) {
  clock_overhead(Clock::Monotonic);  // measured once, before the first burst
  clock_overhead(Clock::ThreadCpu);
  c.site = site;
  c.uncharged = uncharged_seconds();
  c.uncharged_cpu = uncharged_cpu_seconds();
  c.mark_cpu = short_sites().count(site) ? -1 : clock_seconds(Clock::ThreadCpu);
  c.mark = clock_seconds(Clock::Monotonic);
}

// Timing a burst costs more than a read of the clock: after the read that
// begins it the runtime returns to the program (the entry's epilogue,
// RuntimeEntry's destructor), and before the read that ends it the program
// calls the next entry. That is measured once, on empty bursts through
// calls like those, and left out of every burst short enough to be timed on
// the monotonic clock alone: 1 M empty bursts (a loop of taskwaits) were
// charged 7 ms, and a Fibonacci's seven bursts per task 78 ns where its
// native run spends 53 ns on the whole task. Their typical length, not
// their median: a tree search's 8.4 M bursts were charged 0.15 s or 0.075 s
// as the median came out 20 or 30 ns (typical_interval says why).
__attribute__((noinline)) void calibration_left(BurstClock& c, const void* site) { mark(c, site); }
__attribute__((noinline)) double calibration_entered() { return clock_seconds(Clock::Monotonic); }

double empty_burst_seconds() {
  static const double seconds = [] {
    std::vector<double> samples(4095);
    BurstClock c;
    static const char site = 0;  // a site of short bursts, the ones timed on the monotonic clock alone
    short_sites().insert(&site);
    for (int round = 0; round < 2; ++round) {  // the first warms the caches up
      for (double& s : samples) {
        calibration_left(c, &site);
        s = calibration_entered() - c.mark;
      }
    }
    short_sites().erase(&site);
    return std::max(clock_overhead(Clock::Monotonic), typical_interval(std::move(samples)));
  }();
  return seconds;
}

// "burst:<file>:<line>" from an OpenMP source location, "burst:<name>" from
// an entry's name, "burst" without either.
std::string burst_name(const char* where) {
  if (!where || where == kProgramReturn) return "burst";
  if (*where != ';') return std::string("burst:") + where;
  const std::string site = openmp_site(where);
  return site.empty() ? "burst" : "burst:" + site;
}

// Bursts that end at an entry that lets no other actor see the caller's
// time (a sampled statement's enter and leave, per loop iteration) are
// gathered and charged when they reach this much or at the next other
// entry: one simulation event per iteration made a sampled simulation of
// examples/heat (1.2 M iterations) slower than an unsampled one.
constexpr double kGathered = 1e-3;

// Whether a burst between two reads of the MPI clock is charged however
// short (below discard_below), or a loop polling the clock with nothing else
// that takes time would never see its time pass.
bool between_mpi_clock_reads(const char* where, const char* last_entry) {
  return where && last_entry && std::strcmp(where, "MPI_Wtime") == 0 && std::strcmp(last_entry, "MPI_Wtime") == 0;
}

// A long burst of a chunk whose loop's contention is kept, scaled by it
// (loop_contention.hpp).
double contended(BurstClock& c, double seconds) {
  return c.contention->scaled(c.chunk, c.chunk_state, seconds);
}

// Charges the burst from the mark to `now` (the monotonic clock, read first
// at the entry: finding the caller's clock is the runtime's work, 20-30 ns
// that made each of a Fibonacci's seven bursts per task several times the
// code it timed), and counts it for the caller's rank; a run that keeps
// records gets a row for it. gather: the entry lets the charge wait
// (kGathered); discard_below, native_seconds: burst_runtime_entered.
void close_burst(BurstClock& c, double now, const char* where = nullptr, bool gather = false,
                 double discard_below = 0, double native_seconds = 0) {
  double moves = std::exchange(c.line_moves, 0.0);
  if (c.mark < 0) {
    if (moves > 0) g_burst_accounting->charge(0, moves);
    return;
  }
  const double wall = now - c.mark - empty_burst_seconds();  // measured at the first burst's end
  const double uncharged = uncharged_seconds() - c.uncharged;
  double seconds = wall;
  if (c.mark_cpu >= 0)
    seconds = clock_seconds(Clock::ThreadCpu) - c.mark_cpu - clock_overhead(Clock::ThreadCpu) -
              (uncharged_cpu_seconds() - c.uncharged_cpu);
  else
    seconds -= uncharged;
  if (wall - uncharged < kShortInterval) {
    short_sites().insert(c.site);
    // What the native run measured, where it did, in its bursts that moved
    // a line if this one did (burst_models.hpp); without such bursts, what
    // it measured in the others, and the moves on top.
    const bool moved = moves > 0;
    double native = modelled_burst(c.last_entry, where, moved);
    if (native >= 0) moves = 0;  // measured in the native bursts
    else if (moved) native = modelled_burst(c.last_entry, where);
    if (native >= 0) seconds = native;
  } else {
    short_sites().erase(c.site);
    if (c.contention) seconds = contended(c, seconds);
  }
  c.mark = -1;
  seconds = std::max(0.0, seconds);
  if (std::isinf(discard_below)) {
    seconds = 0;  // nothing is charged (smpi/cpu-threshold:-1), the entry's own native work neither
  } else {
    if (seconds < discard_below && !between_mpi_clock_reads(where, c.last_entry)) seconds = 0;
    // Natively the read of the clock that ends the burst is the program's
    // time (20-30 ns, a vDSO call); here it is the runtime's entry, and a
    // loop polling the clock until a time had passed went round five times
    // as often as natively (omp_get_wtime, MPI_Wtime). So are a lock's
    // atomic operations (a critical section's 10 ns).
    seconds += native_seconds;
  }
  if (seconds <= 0 && c.pending <= 0 && moves <= 0) return;
  Rank& rank = current_rank();
  rank.burst_seconds += seconds;
  seconds += c.pending;
  if (gather && seconds < kGathered && moves <= 0) {
    c.pending = seconds;
    return;
  }
  c.pending = 0;
  Runtime* rt = rank.runtime.get();
  if (!rt || !rt->keeps_records()) {
    g_burst_accounting->charge(seconds, moves);
    return;
  }
  const double start = rt->time();
  g_burst_accounting->charge(seconds, moves);
  rt->record_program_code(burst_name(where), start, rt->time(), seconds, 0);
}

}  // namespace

// An instrumented run's bursts (BurstAccounting::record): one in
// kBurstSamplePeriod per thread is timed on the monotonic clock alone, in
// windows of consecutive ones (burst_models.hpp), less what timing it adds
// (empty_burst_seconds), and recorded when short and past the window's
// warm-up.
constinit thread_local BurstClock t_sampled_clock;
std::atomic<bool> g_sampling_bursts{true};
// Every thread counts its windows here: on a line of its own. Next to
// g_burst_accounting, which every entry reads, each count took that line
// from the other threads' caches, and their next entry waited for it: a
// Fibonacci's sampled bursts measured 70-100 ns where they run 2-4 ns, an
// instrumented n-queens ran 16 % longer.
struct alignas(64) WindowCount {
  std::atomic<uint32_t> n{0};
};
WindowCount g_windows_in_run;

void sample_close(BurstClock& c, const char* where) {
  const double seconds =
      std::max(0.0, clock_seconds(Clock::Monotonic) - c.mark - empty_burst_seconds() - c.finding_moves);
  c.mark = -1;
  if (kBurstWindow - 1 - c.window < kBurstWindowWarmUp) return;  // the window's warm-up
  uint64_t key = 0;
  if (seconds < kShortInterval && keeps_burst_sample(c.last_entry, where, seconds, c.line_moved, &key))
    g_burst_accounting->record(key, seconds);
}

void sample_mark(BurstClock& c) {
  if (c.window == 0) {  // a window begins
    if (g_windows_in_run.n.fetch_add(1, std::memory_order_relaxed) + 1 >= kBurstWindowsInRun)
      g_sampling_bursts.store(false, std::memory_order_relaxed);  // enough: the rest of the run is not slowed
    if (++c.windows > kBurstWindowsPerThread) {
      c.countdown = UINT32_MAX;
      return;
    }
    c.window = kBurstWindow;
  }
  // The window's next burst follows at once; after its last, the next
  // window at a drawn distance, kBurstSamplePeriod - 1 windows' worth on
  // average: at a fixed one, a loop whose iterations are a divisor of the
  // distance in bursts had the same ones sampled every time.
  thread_local std::minstd_rand gaps;
  c.countdown = --c.window > 0
                    ? 0
                    : std::uniform_int_distribution<uint32_t>(0, 2 * (kBurstSamplePeriod - 1) * kBurstWindow)(gaps);
  c.line_moved = false;
  c.finding_moves = 0;
  c.mark = clock_seconds(Clock::Monotonic);
}

// Timed on the monotonic clock alone. The CPU clock is a system call on a
// virtual machine (1-3 us here), and a loop of 2 M malloc/free pairs, 0.03 s
// natively, read it four times an iteration: 17 s of simulation, and 2.4-2.9
// s charged, what the reads left in the bursts beyond their measured
// overhead. A burst timed on the CPU clock leaves out the same seconds, up
// to kShortInterval: beyond, the thread was preempted in the bookkeeping
// (whose work is a few hundred nanoseconds), which the CPU clock does not
// count, and a preempted allocation's wall time taken from the burst's CPU
// time left nothing of a loaded machine's loop of allocations.
void SimulatorWork::begin() {
  if (simulator_work_depth++ != 0) return;
  start_ = clock_seconds(Clock::Monotonic);
}

void SimulatorWork::end() {
  --simulator_work_depth;
  if (start_ < 0) return;
  // With one read of the clock: half of each read is on either side of
  // its value, one read's worth of the two falls in the burst.
  const double seconds = clock_seconds(Clock::Monotonic) - start_ + clock_overhead(Clock::Monotonic);
  simulator_work_seconds += seconds;
  simulator_work_cpu_seconds += std::min(seconds, kShortInterval);
}

void add_simulator_work(double seconds) {
  simulator_work_seconds += seconds;
  simulator_work_cpu_seconds += seconds;
}

double running_burst_seconds() { return running_burst_seconds(*g_burst_accounting->clock_of_caller()); }

double running_burst_seconds(const BurstClock& c) {
  if (c.depth != 0 || c.mark < 0) return 0;
  return running_burst_seconds(c, clock_seconds(Clock::Monotonic));
}

double running_burst_seconds(const BurstClock& c, double now) {
  if (c.depth != 0 || c.mark < 0) return 0;
  return std::max(0.0, now - c.mark - (uncharged_seconds() - c.uncharged));
}

void burst_runtime_entered(const char* where, bool gather, double discard_below, double native_seconds) {
  const double now = clock_seconds(Clock::Monotonic);
  BurstClock& c = *g_burst_accounting->clock_of_caller();
  if (c.depth++ == 0) {
    close_burst(c, now, where, gather, discard_below, native_seconds);
    c.last_entry = where;
    g_burst_progress.entered();
  }
}

void burst_runtime_left(const void* site) {
  BurstClock& c = *g_burst_accounting->clock_of_caller();
  if (--c.depth > 0) return;
  c.depth = 0;
  g_burst_progress.resumed(c.last_entry);
  if (c.held) {
    c.held = false;
    c.mark = -1;
  } else {
    mark(c, site);
  }
}

BurstCaller burst_program_begins(const void* code) {
  BurstClock& c = *g_burst_accounting->clock_of_caller();
  const BurstCaller caller{c.depth, c.last_entry};
  c.depth = 0;
  c.held = false;
  c.last_entry = kProgramCall;
  if (g_burst_accounting->record) {
    sample_left(c, 0);
  } else {
    g_burst_progress.resumed(kProgramCall);
    mark(c, code);
  }
  return caller;
}

// The burst that ends here ends at kProgramReturn; the caller's next one
// begins at the entry it was in, or at kProgramReturn when the caller was
// the program's code, which resumes.
void burst_program_ends(BurstCaller caller) {
  const bool sampled = g_burst_accounting->record != nullptr;
  const double now = sampled ? 0 : clock_seconds(Clock::Monotonic);
  BurstClock& c = *g_burst_accounting->clock_of_caller();
  if (sampled) {
    c.depth = 0;
    sample_entered(c, kProgramReturn);
  } else {
    close_burst(c, now, kProgramReturn);
  }
  c.depth = caller.depth;
  c.last_entry = caller.depth == 0 ? kProgramReturn : caller.last_entry;
  if (sampled) {
    if (caller.depth == 0) sample_left(c, 0);
    return;
  }
  if (caller.depth != 0) {
    g_burst_progress.entered();
    return;
  }
  g_burst_progress.resumed(kProgramReturn);
  mark(c, c.site);
}

std::string openmp_site(const char* psource) {
  if (!psource || *psource != ';') return "";
  const char* file = psource + 1;
  const char* file_end = std::strchr(file, ';');
  const char* function_end = file_end ? std::strchr(file_end + 1, ';') : nullptr;
  const char* line_end = function_end ? std::strchr(function_end + 1, ';') : nullptr;
  if (!line_end) return "";
  const char* base = file;
  for (const char* c = file; c < file_end; ++c)
    if (*c == '/') base = c + 1;
  return std::string(base, file_end) + ":" + std::string(function_end + 1, line_end);
}

void contended_chunk_begins(LoopContention* contention, const MeasuredChunk& chunk) {
  if (!bursts_charged()) return;
  contended_chunk_ends();  // one left running, if any
  BurstClock& c = *g_burst_accounting->clock_of_caller();
  c.contention = contention;
  c.chunk = chunk;
  c.chunk_state = ChunkState{};
}

void contended_chunk_ends() {
  if (!bursts_charged()) return;
  BurstClock& c = *g_burst_accounting->clock_of_caller();
  if (!c.contention) return;
  c.contention->chunk_ended(c.chunk, c.chunk_state);
  c.contention = nullptr;
}

bool enters_within_contended_nest() {
  if (!bursts_charged()) return false;
  BurstClock& c = *g_burst_accounting->clock_of_caller();
  if (!c.contention) return false;
  ++c.inner_nests;
  return true;
}

bool leaves_contended_nest() {
  if (!bursts_charged()) return false;
  BurstClock& c = *g_burst_accounting->clock_of_caller();
  if (!c.contention) return false;
  if (c.inner_nests == 0) return true;
  --c.inner_nests;
  return false;
}

void burst_hold() {
  if (bursts_charged()) g_burst_accounting->clock_of_caller()->held = true;
}

}  // namespace hcc::rt
