// Short CPU bursts measured by the native run, charged by the simulation.
//
// A burst shorter than kShortInterval (a fine-grained task's code between
// two runtime entries: tens to hundreds of nanoseconds) measured in a
// simulation is not what it costs natively. Between two of them the
// simulator runs microseconds of its own work (simcalls, the task's
// bookkeeping, context switches) that evict what the program's code was
// using, so each burst reruns on cold caches. On this VM that made an
// n-queens search's bursts 0.13 s in one simulation and 0.20 s in the next
// (its native run: 0.10 s on 2 threads), as the share of the last-level
// cache that other tenants left the simulator came and went.
//
// So an instrumented run samples its own short bursts, one in
// kBurstSamplePeriod per thread, each keyed by the runtime entries that begin
// and end it (their source locations: "nqueens.c:44", an MPI function's
// name), and keeps them as kernel kBurstModel (arch "cpu", the key as
// footprint). A burst at an entry without a `where` is neither sampled nor
// modelled: such entries are not the same ones natively and in a
// simulation (a C++ tree walk's "<call>>?" bursts, sampled at 1.2 us
// natively, were charged at every simulated task: 0.35 s predicted for a
// 0.024 s run). A simulation with those models charges a short burst the
// model of its key, if it has one under kModelledBurst from at least
// kBurstModelMinSamples samples, instead of what it measured: a long burst,
// or one at a key the instrumented run did not see or saw rarely, stays
// measured.
// Sampling and keys cost the instrumented run a test per entry and two
// clock reads per sampled burst.
#pragma once

#include <cstdint>
#include <unordered_map>

namespace hcc::rt {

constexpr const char* kBurstModel = "hcc.burst";

// Where a burst begins or ends other than at an entry with a `where`:
// the start of a call of the program's code (a task body, a region's
// body), and its return.
extern const char kProgramCall[];
extern const char kProgramReturn[];

// A key whose bursts average this long or longer stays measured: a
// simulation measures it closely enough, and the model's mean would lose
// how its bursts differ (the chunks of an imbalanced loop).
constexpr double kModelledBurst = 2e-6;
// Nor a key sampled fewer times than this: a key the native run went
// through once or twice (an n-queens region's start, 2 samples of 1.1 us
// on cold caches) may be one a simulation goes through at every task, if
// its schedule differs (1.7 M times: 1.07 s charged for a 0.09 s run).
constexpr uint64_t kBurstModelMinSamples = 32;

// One instrumented thread times one burst in this many, in windows of
// kBurstWindow consecutive ones, up to kBurstWindowsPerThread windows, and
// the run up to kBurstWindowsInRun (the bursts of a phase that comes after
// are not sampled: a simulation measures them). A window's first
// kBurstWindowWarmUp are timed and not kept: a burst timed alone, after
// the rarely taken path that starts its timing, ran 15-25 ns longer than
// the same code run among its like (branch predictors, caches), which made
// an n-queens search's bursts add up to 0.142 s where perf found 0.088 s of
// its code; timed consecutively, the means come back to those of every
// burst timed after a few hundred.
constexpr uint32_t kBurstSamplePeriod = 64;
constexpr uint32_t kBurstWindow = 1024;
constexpr uint32_t kBurstWindowWarmUp = 256;
constexpr uint32_t kBurstWindowsPerThread = 8;
constexpr uint32_t kBurstWindowsInRun = 16;  // after them, entries cost a test (bursts.hpp)
// And keeps at most this many samples of a key, so that a program of
// millions of tiny tasks does not spend its run recording them.
constexpr uint32_t kSamplesPerKey = 4096;

// The key of bursts from entry `from` to entry `to` (an OpenMP source
// location as clang writes it, an entry's name, kProgramCall or
// kProgramReturn): the same in every build of the same sources.
uint64_t burst_key(const char* from, const char* to);

// A burst whose atomics moved a cache line from another core
// (hcc_shared_line) is sampled and modelled under its key ^ kLineMovedKey:
// the move is most of it (a Fibonacci's counter increment: 1-10 ns without,
// 120-190 ns with), and a simulation knows from its own model of the lines
// (sim_bursts.cpp) which of its bursts move one. One model of both made
// each burst cost the moves of the instrumented run, whose two threads ran
// side by side more of the time than natively (fib simulated 15-21 % long).
constexpr uint64_t kLineMovedKey = 1ULL << 63;

// Simulation: the means of the keys the models may charge (kModelledBurst,
// kBurstModelMinSamples), by key.
void install_burst_models(std::unordered_map<uint64_t, double> seconds_by_key);
// The model's seconds for a burst from `from` to `to` that moved a line or
// not, or -1 where the simulation charges what it measured (no model, or
// no `where` at either entry). The native model is charged whether it is
// shorter or longer than what the simulation measures: the simulation runs
// each short burst on caches its own work has just used (an n-queens
// search's bursts 0.13 s in one simulation, 0.20 s in the next, for a
// native 0.10 s), and it does not run its threads side by side, so its
// bursts wait for none of the lines the other threads wrote (a Fibonacci's
// updates of its counter of tasks: 120 ns more each where they moved the
// line natively). Charged only where shorter, as long as sampled bursts
// ran longer than their like (kBurstWindow), the native models let a
// Fibonacci's moves go unmodelled and kept an n-queens search's bursts
// 15-25 ns too long.
double modelled_burst(const char* from, const char* to, bool line_moved = false);

// Instrumented run: whether the calling thread keeps this sample of bursts
// from `from` to `to` (not when either has no `where`, nor when the key has
// enough, nor when the sample is over kInterruptedAbove and 8 times the
// key's mean so far: an interrupt);
// counts it when it says yes.
constexpr double kInterruptedAbove = 1e-6;
bool keeps_burst_sample(const char* from, const char* to, double seconds, bool line_moved, uint64_t* key);

}  // namespace hcc::rt
