// Sampled CPU bursts (#pragma hcc sample, seed 002 §3) and delays
// (#pragma hcc delay), called by the code the rewriter wraps around them
// (rewriter/lib/StatementPragmas.cpp, hcc/hcc.h).
//
// Simulated: a site's first runs are run and timed, n of them (local,
// global) or, for auto, until the relative standard error of their mean is
// below tol (at most max) and then a few now and then (kRefresh, and
// without a max the runs at powers of two); the others
// are skipped. Every run, measured or skipped, is charged to the simulated
// host as CPU work: its measured duration, or the estimate: the mean of the
// measurements (for auto, of the recent ones; HCC_SIM_MODEL=histogram: a
// draw from them).
// With HCC_SAMPLING=0 every run is measured: the reference a sampled
// simulation is compared with. Charges are gathered and made when they
// reach a millisecond and at the end of the statement (hcc_sample_close),
// not one simulation event per loop iteration.
//
// Instrumented: every run is timed and recorded in the model directory as
// runs of a kernel named "sample:<file>:<line>" (hcc-calibrate fits them as
// it fits kernels); a simulation that finds that model charges it for every
// run and runs none (deterministic, as with kernel models; HCC_SAMPLING=0
// ignores it). Natively built programs do not call these functions.
//
// Sites are static records of the program that the privatisation of an MPI
// program's globals leaves shared: a simulation's ranks meet at one state,
// which keeps each rank's runs apart (local, auto: each rank measures its
// own) or pools them (global: the first n runs of all ranks are measured).
#include <algorithm>
#include <bit>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <memory>
#include <string>
#include <vector>

#include "fatal.hpp"
#include "bursts.hpp"
#include "cpu_clock.hpp"
#include "folded_memory.hpp"
#include "hcc/hcc.h"
#include "ranks.hpp"
#include "runtime.hpp"
#include "sampling.hpp"

namespace hcc::rt {
namespace {

// Short runs are timed on the monotonic clock (cpu_clock.hpp): reading the
// thread's CPU clock made a 2 us loop iteration 20 % slower than it runs
// natively (examples/heat), and instrumented runs of examples/mpi-stencil
// recorded 3.9 us for rows that take 3.1. In a simulation, the runs of a
// site whose mean so far is under kCpuClockFrom (its first run on the CPU
// clock); in instrumented runs every run, scaled at the statement's end by
// the share of it the thread had a core (its CPU clock read around the
// whole statement).
constexpr double kCpuClockFrom = 50e-6;

// A burst's timing: its start, and the time spent mapping folded memory
// (folded_memory.hpp) until then, which is not the burst's.
struct Timing {
  Clock clock = Clock::Monotonic;
  double started = 0, faults = 0;
};

// Starts timing a burst (the overheads are measured before the first).
Timing start_timing(Clock c) {
  clock_overhead(c);
  return Timing{c, clock_seconds(c), fold_fault_seconds()};
}

// The burst's duration since it started, until now or, timed on the
// monotonic clock, until `monotonic_end` when given.
double measured_since(const Timing& t, double monotonic_end = -1) {
  const double faults = fold_fault_seconds() - t.faults;
  const double end = t.clock == Clock::Monotonic && monotonic_end >= 0 ? monotonic_end : clock_seconds(t.clock);
  return std::max(0.0, end - t.started - clock_overhead(t.clock) - faults);
}

// After an auto site reached its tolerance, kRefreshRuns consecutive runs
// in every kRefresh are still measured, and skipped runs are charged the
// mean of the last kRecent measurements: on a machine whose speed drifts
// (this virtual machine: 15 % over seconds) the first runs alone, measured
// within a millisecond, mispredicted examples/heat by 6 %. The period is
// prime: a loop run again and again (a step's rows) is measured at other
// iterations every time, not always at the same few, whose cost may not be
// the loop's average (a triangular loop). Unless the site gave a max, the
// runs at powers of two are measured too: a site run a few hundred times
// never reached its first refresh, and its first runs alone, measured
// within a millisecond, mispredicted the whole loop by up to 10 % on this
// VM (bench/privatize_overhead.py, 320 runs); a few more in its later runs
// spread what the estimate knows over the loop's whole time.
constexpr uint64_t kRefresh = 1021;
constexpr uint64_t kRefreshRuns = 8;
constexpr size_t kRecent = 32;
// An auto site's standard error is trusted from this many measurements (or
// its max, if lower): two close first values say little of the spread.
constexpr double kLeastRuns = 8;

// Measurements of a site's runs: one set per rank (local, auto) or one for
// all ranks (global, which pools them as SMPI's global sampling does).
struct Measurements {
  // Welford, and the values until the tolerance (histogram draws).
  uint64_t measured = 0;
  double mean = 0, m2 = 0;
  std::vector<double> samples;
  uint64_t to_tolerance = 0;   // auto: measurements until the tolerance was reached (0: not yet)
  std::vector<double> recent;  // the last kRecent measurements, a ring
  size_t recent_next = 0;
  double recent_sum = 0;

  double relative_standard_error() const {
    if (measured < 2 || mean <= 0) return INFINITY;
    return std::sqrt(m2 / static_cast<double>(measured - 1) / static_cast<double>(measured)) / mean;
  }
  void add(double seconds, bool keep_samples) {
    ++measured;
    const double delta = seconds - mean;
    mean += delta / static_cast<double>(measured);
    m2 += delta * (seconds - mean);
    if (to_tolerance == 0 && keep_samples) samples.push_back(seconds);
    recent_sum += seconds;
    if (recent.size() < kRecent) {
      recent.push_back(seconds);
    } else {
      recent_sum -= recent[recent_next];
      recent[recent_next] = seconds;
      recent_next = (recent_next + 1) % kRecent;
    }
  }
  // What a skipped run is charged: the mean (for auto, of the recent
  // measurements), or a draw from the measurements (histogram).
  double estimate(Runtime& rt, bool histogram) const {
    const std::vector<double>& from = to_tolerance ? recent : samples;
    if (from.empty()) return mean;
    if (histogram) {
      const auto i = static_cast<size_t>(rt.uniform_draw() * static_cast<double>(from.size()));
      return from[std::min(i, from.size() - 1)];
    }
    if (!to_tolerance) return mean;
    return recent_sum / static_cast<double>(recent.size());
  }
};

// One rank's runs of a site: how many, its measured runs in progress (by
// worker: few, and a map would allocate at every run, whose caches the
// measurement of the next run would pay), and the time it owes its host.
struct RankRuns {
  uint64_t runs = 0;  // measured or not
  Measurements own;   // local and auto sites
  std::vector<std::pair<int, Timing>> open;
  double pending = 0;  // seconds to charge
};

struct SiteState {
  std::string name;
  std::string kernel;  // of its model: "sample:" + name
  int kind = HCC_SAMPLE_LOCAL;
  bool started = false;      // its first run checked the arguments and looked for a model
  bool keep_samples = true;  // for histogram draws; not when every run is measured (HCC_SAMPLING=0)
  bool histogram = false;    // HCC_SIM_MODEL=histogram (read at the first run, not at every one)
  // Charged from its model, never run (decided at its first run): the
  // model's mean, or a draw per run (histogram).
  bool modelled = false;
  double model_mean = 0;
  Measurements pooled;                            // global sites
  std::vector<std::unique_ptr<RankRuns>> ranks;  // by rank index

  RankRuns& runs_of(const Rank& rank) {
    const auto i = static_cast<size_t>(std::max(0, rank.index));
    if (ranks.size() <= i) ranks.resize(i + 1);
    if (!ranks[i]) ranks[i] = std::make_unique<RankRuns>();
    return *ranks[i];
  }
  Measurements& measurements(RankRuns& r) { return kind == HCC_SAMPLE_GLOBAL ? pooled : r.own; }
};

// Sites by their static record, kept until the process ends (reported when
// the runtime stops: sampling_report()).
std::map<hcc_sample_site*, std::unique_ptr<SiteState>>& sites() {
  static auto* all = new std::map<hcc_sample_site*, std::unique_ptr<SiteState>>;
  return *all;
}

SiteState& state_of(hcc_sample_site* site) {
  if (!site->state) {
    auto s = std::make_unique<SiteState>();
    s->name = site->name ? site->name : "?";
    s->kernel = "sample:" + s->name;
    site->state = s.get();
    sites()[site] = std::move(s);
  }
  return *static_cast<SiteState*>(site->state);
}

void charge(Runtime& rt, RankRuns& r, bool now) {
  if (r.pending <= 0 || (!now && r.pending < 1e-3)) return;
  rt.charge_seconds(r.pending);
  r.pending = 0;
}

// Ends the caller's measured run of a simulated site: its time is due.
// monotonic_end: when the run ended, read before the lookups here.
void end_simulated_run(Runtime& rt, SiteState& s, RankRuns& r, double monotonic_end = -1) {
  if (r.open.empty()) return;
  const int actor = rt.self_worker();
  auto it = std::find_if(r.open.begin(), r.open.end(), [actor](const auto& o) { return o.first == actor; });
  if (it == r.open.end()) return;
  const double seconds = measured_since(it->second, monotonic_end);
  r.open.erase(it);
  s.measurements(r).add(seconds, s.keep_samples);
  r.pending += seconds;
  charge(rt, r, false);
}

// The directive's values, checked at a site's first run: with no measured
// run, a simulation would charge nothing for the others.
void check_arguments(const std::string& site, int kind, double count, double tol) {
  auto bad = [&site](const std::string& what) { fatal("#pragma hcc sample at " + site + ": " + what); };
  if (kind != HCC_SAMPLE_AUTO && !(count >= 1 && std::isfinite(count)))
    bad("n = " + std::to_string(count) + ": expected a number of measured runs >= 1");
  if (kind == HCC_SAMPLE_AUTO && !(tol > 0 && std::isfinite(tol)))
    bad("tol = " + std::to_string(tol) + ": expected a relative standard error > 0, such as 0.02");
  if (kind == HCC_SAMPLE_AUTO && !(count == 0 || (count >= 2 && std::isfinite(count))))
    bad("max = " + std::to_string(count) + ": expected at least 2 measured runs");
}

// Whether the rank's next run of a simulated site is measured (r.runs
// counts it).
bool measures(const Runtime& rt, SiteState& s, RankRuns& r, double count, double tol) {
  if (!rt.config().sampling) return true;
  Measurements& m = s.measurements(r);
  if (s.kind != HCC_SAMPLE_AUTO) return static_cast<double>(m.measured) < count;
  if (m.to_tolerance == 0) {
    const bool enough = static_cast<double>(m.measured) >= (count > 0 ? std::min(count, kLeastRuns) : kLeastRuns);
    const bool reached = (enough && m.relative_standard_error() < tol) ||
                         (count > 0 && static_cast<double>(m.measured) >= count);
    if (!reached) return true;
    m.to_tolerance = m.measured;
  }
  return r.runs % kRefresh < kRefreshRuns || (count == 0 && std::has_single_bit(r.runs));
}

// Instrumented runs: the calling thread's sampled statements in progress,
// innermost last, each with its runs so far (a loop's iterations) and its
// run in progress. Runs are timed on the monotonic clock and recorded when
// the statement closes, scaled by the share of the statement's time the
// thread had a core (its CPU clock over the whole statement): what a worker
// took from it is not the burst's.
struct NativeStatement {
  hcc_sample_site* site;
  double wall_start, cpu_start;
  std::vector<double> runs;
  std::optional<Timing> open;
};
thread_local std::vector<NativeStatement> native_statements;

NativeStatement* native_statement(hcc_sample_site* site) {
  for (auto it = native_statements.rbegin(); it != native_statements.rend(); ++it)
    if (it->site == site) return &*it;
  return nullptr;
}

void end_native_run(NativeStatement& st) {
  if (!st.open) return;
  st.runs.push_back(measured_since(*st.open));
  st.open.reset();
}

void start_native_run(hcc_sample_site* site) {
  NativeStatement* st = native_statement(site);
  if (!st) {
    clock_overhead(Clock::Monotonic);  // the clocks' first calibration is not the statement's time
    native_statements.push_back({site, clock_seconds(Clock::Monotonic), clock_seconds(Clock::ThreadCpu), {}, {}});
    st = &native_statements.back();
  }
  end_native_run(*st);  // a `continue` skipped the previous leave
  st->open = start_timing(Clock::Monotonic);
}

void close_native_statement(Runtime& rt, hcc_sample_site* site) {
  NativeStatement* st = native_statement(site);
  if (!st) return;
  end_native_run(*st);
  const double wall = clock_seconds(Clock::Monotonic) - st->wall_start;
  const double cpu = clock_seconds(Clock::ThreadCpu) - st->cpu_start;
  const double share = wall > 0 ? std::clamp(cpu / wall, 0.0, 1.0) : 1.0;
  const std::string kernel = std::string("sample:") + (site->name ? site->name : "?");
  for (double seconds : st->runs) rt.record_burst(kernel, seconds * share);
  native_statements.erase(native_statements.begin() + (st - native_statements.data()));
}

}  // namespace

// One line per site of a simulation that sampled: how many runs were
// measured (over all ranks), their mean, and for auto when the tolerance was
// reached (after how many measurements; per rank: the least and the most).
void sampling_report() {
  for (auto& [site, s] : sites()) {
    uint64_t runs = 0, measured = 0, ranks = 0, least = UINT64_MAX, most = 0;
    double sum = 0;
    for (const auto& r : s->ranks) {
      if (!r) continue;
      ++ranks;
      runs += r->runs;
      measured += r->own.measured;
      sum += r->own.mean * static_cast<double>(r->own.measured);
      if (r->own.to_tolerance == 0) continue;  // not reached
      least = std::min(least, r->own.to_tolerance);
      most = std::max(most, r->own.to_tolerance);
    }
    if (s->modelled) {
      std::fprintf(stderr, "hccsim: sampled %s: %" PRIu64 " runs charged from its model (kernel '%s')\n",
                   s->name.c_str(), runs, s->kernel.c_str());
      continue;
    }
    if (s->kind == HCC_SAMPLE_GLOBAL) {
      measured = s->pooled.measured;
      sum = s->pooled.mean * static_cast<double>(measured);
    }
    if (measured == 0) continue;
    std::string tolerance;
    if (s->kind == HCC_SAMPLE_AUTO && most > 0)
      tolerance = " (the tolerance reached after " +
                  (least == most ? std::to_string(most) : std::to_string(least) + " to " + std::to_string(most)) +
                  ", then " + std::to_string(kRefreshRuns) + " in " + std::to_string(kRefresh) +
                  ", and without a max the runs at powers of two)";
    const std::string over = ranks > 1 ? " over " + std::to_string(ranks) + " ranks" : "";
    std::fprintf(stderr, "hccsim: sampled %s: %" PRIu64 " of %" PRIu64 " runs measured%s%s, mean %.6g s\n",
                 s->name.c_str(), measured, runs, over.c_str(), tolerance.c_str(), sum / static_cast<double>(measured));
  }
}

}  // namespace hcc::rt

using hcc::rt::runtime_on_demand;

namespace {

// Whether a simulation runs every run of every sampled statement as the
// program's code, timed with the bursts around it (HCC_SAMPLING=0 with
// bursts measured), so that the statements' hooks return at once. Timed
// apart, each run cost the hooks' work (five clock reads and the actor's
// lookups, 0.3 us) and the program's row loop in examples/heat ran 3 %
// slower after it: the unsampled simulation, the reference a sampled one
// is compared with, predicted 5 % more than the native run.
bool runs_are_bursts() {
  if (!hcc::rt::bursts_charged()) return false;
  static const bool unsampled = !runtime_on_demand().config().sampling;
  return unsampled;
}

// The site whose run hcc_sample_enter skipped last on this thread: its
// hcc_sample_leave follows with no runtime entry between (the skipped body is
// the empty statement), so it returns at once and the loop's own code from
// enter to the next enter is one burst. Its entry's three clock reads and
// lookups were most of a sampled simulation's time per skipped iteration
// (examples/heat: 1.2 M).
thread_local const hcc_sample_site* t_skipped = nullptr;

}  // namespace

extern "C" {

int hcc_sample_enter(hcc_sample_site* site, int kind, double count, double tol) {
  if (runs_are_bursts()) return 1;
  hcc::rt::RuntimeEntry entry("hcc_sample_enter", true);  // per iteration: gathered
  hcc::rt::Runtime& rt = runtime_on_demand();
  if (!rt.simulated()) {
    hcc::rt::start_native_run(site);
    return 1;
  }
  hcc::rt::SiteState& s = hcc::rt::state_of(site);
  // A model from instrumented runs stands for every run, as for kernels:
  // the simulation is then deterministic.
  if (!s.started) {
    s.started = true;
    hcc::rt::check_arguments(s.name, kind, count, tol);
    s.kind = kind;
    const std::optional<double> model = rt.config().sampling ? rt.burst_model(s.kernel) : std::nullopt;
    s.modelled = model.has_value();
    s.model_mean = model.value_or(0);
    s.keep_samples = rt.config().sampling;
    s.histogram = rt.config().sim_model == "histogram";
  }
  hcc::rt::RankRuns& r = s.runs_of(hcc::rt::current_rank());
  hcc::rt::end_simulated_run(rt, s, r);
  ++r.runs;
  if (s.modelled) {
    r.pending += s.histogram ? *rt.burst_model(s.kernel) : s.model_mean;
    hcc::rt::charge(rt, r, false);
    t_skipped = site;  // after the charge, which may let other actors run
    return 0;
  }
  if (hcc::rt::measures(rt, s, r, count, tol)) {
    const hcc::rt::Measurements& m = s.measurements(r);
    const bool short_runs = m.measured > 0 && m.mean < hcc::rt::kCpuClockFrom;
    r.open.emplace_back(rt.self_worker(), hcc::rt::Timing{});
    hcc::rt::burst_hold();  // the run is charged its measurement, not as a burst
    // The run starts here, and ends first thing in hcc_sample_leave: the
    // runtime's work around it was measured too (an empty statement: 57 ns
    // a run; now 8).
    r.open.back().second = hcc::rt::start_timing(short_runs ? hcc::rt::Clock::Monotonic : hcc::rt::Clock::ThreadCpu);
    return 1;
  }
  r.pending += s.measurements(r).estimate(rt, s.histogram);
  hcc::rt::charge(rt, r, false);
  t_skipped = site;
  return 0;
}

void hcc_sample_leave(hcc_sample_site* site) {
  if (runs_are_bursts()) return;
  if (t_skipped == site) {
    t_skipped = nullptr;
    return;
  }
  // A simulation's run ends here, before the entry's own clock read and
  // lookups (which only a simulation makes: natively this costs a test).
  const bool simulating = hcc::rt::bursts_charged();
  const double ended = simulating ? hcc::rt::clock_seconds(hcc::rt::Clock::Monotonic) : -1;
  hcc::rt::RuntimeEntry entry("hcc_sample_leave", true);  // per iteration: gathered
  hcc::rt::Runtime& rt = runtime_on_demand();
  if (!rt.simulated()) {
    if (hcc::rt::NativeStatement* st = hcc::rt::native_statement(site)) hcc::rt::end_native_run(*st);
    return;
  }
  hcc::rt::SiteState& s = hcc::rt::state_of(site);
  hcc::rt::end_simulated_run(rt, s, s.runs_of(hcc::rt::current_rank()),
                             simulating ? ended : hcc::rt::clock_seconds(hcc::rt::Clock::Monotonic));
}

void hcc_sample_close(hcc_sample_site* site) {
  if (runs_are_bursts()) return;
  hcc::rt::RuntimeEntry entry("hcc_sample_close");
  hcc::rt::Runtime& rt = runtime_on_demand();
  if (!rt.simulated()) {
    hcc::rt::close_native_statement(rt, site);
    return;
  }
  hcc::rt::SiteState& s = hcc::rt::state_of(site);
  hcc::rt::RankRuns& r = s.runs_of(hcc::rt::current_rank());
  hcc::rt::end_simulated_run(rt, s, r);
  hcc::rt::charge(rt, r, true);
}

void hcc_delay(int flops, double amount) {
  if (!(amount >= 0) || !std::isfinite(amount))
    hcc::rt::fatal(std::string("#pragma hcc delay: ") + (flops ? "flops" : "seconds") + " = " + std::to_string(amount) +
                   ": expected a finite amount >= 0");
  hcc::rt::RuntimeEntry entry("hcc_delay");
  hcc::rt::Runtime& rt = runtime_on_demand();
  if (flops) rt.charge_flops(amount);
  else rt.charge_seconds(amount);
}

}  // extern "C"
