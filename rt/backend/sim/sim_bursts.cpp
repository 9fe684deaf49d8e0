#include "sim_bursts.hpp"
#include "sim_stall_watch.hpp"

#include <simgrid/s4u.hpp>

#include <sched.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "bursts.hpp"
#include "cpu_clock.hpp"
#include "fatal.hpp"
#include "line_history.hpp"

namespace hcc::rt {

double g_mpi_cpu_threshold = 0;

namespace {

namespace s4u = simgrid::s4u;

// Bursts shorter than this are owed, not simulated at once: each
// simulated execution is a simcall, a switch to SimGrid's maestro and back,
// after which the program's next burst runs on caches and branch predictors
// that the simulator's own code has used. Charged one by one, an n-queens
// search's 3.9 M bursts measured 0.143 s, where its native run spends 0.09 s
// in the same code (perf); charged at its next simcall instead, 0.113 s.
// What an actor owes is simulated before its next simcall (SimcallEntry),
// merged into its next computation, and counted in the time it reads
// (owed_seconds): only another actor reading shared memory meanwhile sees
// the owing actor up to this much early.
constexpr double kOwedLimit = 1e-6;

// An actor's burst clock and what it owes.
struct ActorCpu {
  BurstClock clock;
  double owed_flops = 0;    // charged, not yet simulated
  double owed_seconds = 0;  // the same at its host's speed
  // Its atomics' updates of shared lines (shared_line), what they need
  // looked up at its first: a histogram's loop makes one per 5 ns of work.
  const s4u::Host* line_host = nullptr;
  int line_core = 0;
  double line_cost = 0;   // the host's hcc.line_transfer
  double line_scale = 1;  // the core's simulated seconds per second measured here
  uintptr_t last_line = 0;
  LineHistory* last_history = nullptr;
};

std::unordered_map<long, ActorCpu> g_actors;  // by actor
BurstClock g_outside;  // code outside any actor (start-up, exit): always in the runtime

BurstClock* clock_of_caller() {
  const s4u::Actor* self = s4u::Actor::self();
  if (!self) {
    g_outside.depth = 1;
    return &g_outside;
  }
  return &g_actors[self->get_pid()].clock;
}

ActorCpu* cpu_of_caller() {
  if (g_actors.empty()) return nullptr;  // no burst accounting
  const s4u::Actor* self = s4u::Actor::self();
  if (!self) return nullptr;
  auto it = g_actors.find(self->get_pid());
  return it == g_actors.end() ? nullptr : &it->second;
}

// A host's numeric property `id`: fallback when absent; a value that is not
// a finite number that `valid` accepts is refused with one line ending in
// `expected`.
double number_property(const s4u::Host* host, const char* id, double fallback, bool (*valid)(double),
                       const char* expected) {
  const char* text = host->get_property(id);
  if (!text) return fallback;
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(text, &end);
  if (end == text || *end != '\0' || errno != 0 || !std::isfinite(value) || !valid(value))
    throw std::runtime_error("platform host '" + host->get_name() + "': " + id + "=\"" + text + "\": " + expected);
  return value;
}

// How fast a host's cores run the program's code relative to the machine
// that runs the simulation: "hcc.speed_factor" (default 1). A burst of
// t seconds measured here costs t / factor there.
double speed_factor(const s4u::Host* host) {
  return number_property(host, "hcc.speed_factor", 1, [](double f) { return f > 0; },
                         "expected a number above 0 (how fast its cores run the program's code relative to the "
                         "machine that simulates)");
}

// "hcc.core_speed_factors": a factor per core of the host (a machine
// whose cores are not equally fast: performance and efficiency cores, or a
// virtual machine's CPUs), multiplying hcc.speed_factor; empty: all 1.
std::vector<double> core_factors(const s4u::Host* host) {
  const char* text = host->get_property("hcc.core_speed_factors");
  std::vector<double> factors;
  if (!text) return factors;
  auto bad = [&](const std::string& why) {
    return std::runtime_error("platform host '" + host->get_name() + "': hcc.core_speed_factors=\"" + text +
                              "\": " + why);
  };
  for (const char* p = text; *p;) {
    if (*p == ' ' || *p == ',') {
      ++p;
      continue;
    }
    char* end = nullptr;
    errno = 0;
    const double f = std::strtod(p, &end);
    if (end == p || errno != 0 || !(f > 0) || !std::isfinite(f) || (*end && *end != ' ' && *end != ','))
      throw bad("expected numbers above 0, one per core, separated by spaces or commas");
    factors.push_back(f);
    p = end;
  }
  if (factors.size() != static_cast<size_t>(host->get_core_count()))
    throw bad(std::to_string(factors.size()) + " factors for " + std::to_string(host->get_core_count()) + " cores");
  return factors;
}

// Flops per measured second, by host and core.
std::unordered_map<const s4u::Host*, std::vector<double>> g_speed;
std::unordered_map<long, int> g_core;  // by actor

const std::vector<double>& speeds(const s4u::Host* host) {
  auto it = g_speed.find(host);
  if (it != g_speed.end()) return it->second;
  std::vector<double> v(static_cast<size_t>(host->get_core_count()), host->get_speed() / speed_factor(host));
  const std::vector<double> cores = core_factors(host);
  for (size_t c = 0; c < cores.size(); ++c) v[c] /= cores[c];
  return g_speed.emplace(host, std::move(v)).first->second;
}

// The calling actor's core on its host (set_actor_core; 0 if not said).
int core_of_caller() {
  auto core = g_core.find(s4u::this_actor::get_pid());
  return core == g_core.end() ? 0 : core->second;
}

// Flops of the host per second of the program's code measured here, on core c.
double measured_speed(const s4u::Host* host, int c) {
  const std::vector<double>& v = speeds(host);
  return v[static_cast<size_t>(c) < v.size() ? static_cast<size_t>(c) : 0];
}

// Flops the caller owes, paid once they reach kOwedLimit.
void owe(ActorCpu& a, const s4u::Host* host, double flops) {
  a.owed_flops += flops;
  a.owed_seconds += flops / host->get_speed();
  if (a.owed_seconds >= kOwedLimit) pay_owed_cpu();
}

// Line moves are the target's own seconds, not scaled by the speed factors.
void charge(double seconds, double line_moves) {
  const s4u::Host* host = s4u::this_actor::get_host();
  owe(g_actors[s4u::this_actor::get_pid()], host,
      seconds * measured_speed(host, core_of_caller()) + line_moves * host->get_speed());
}

// hcc.line_transfer by host (line_transfer).
std::unordered_map<const s4u::Host*, double> g_line_transfer;

// Whether a host of the platform has hcc.line_transfer: without, a use of
// a line returns before reading a clock (20 M atomics were charged a clock
// read each, 0.25 s a thread).
bool g_lines_modelled = false;

// Each line the program's atomics update, by host and line: ranks on
// different hosts share no memory.
std::map<std::pair<const s4u::Host*, uintptr_t>, LineHistory> g_lines;

// The history of address's line on the caller's host: the same as the
// caller's last, most often. created: whether this call made it.
LineHistory& lookup_line(ActorCpu& a, const void* address, bool& created) {
  const uintptr_t line = reinterpret_cast<uintptr_t>(address) / 64;
  created = false;
  if (!a.last_history || a.last_line != line) {
    auto [it, inserted] = g_lines.try_emplace({a.line_host, line});
    a.last_history = &it->second;
    a.last_line = line;
    created = inserted;
  }
  return *a.last_history;
}

// How the program's code uses a shared line: an atomic's read or update,
// or a lock the C library keeps in it (LineHistory::take).
enum class LineUse { kRead, kUpdate, kTake };

// Each take of a lock of the C library by another core that the caller
// waited for moved two lines there and back: the lock's and the state it
// guards (glibc's random() keeps them in separate variables).
constexpr double kLinesPerLockMove = 2;

// The caller's use of a line, `here` seconds into its burst; its moves, if
// it moved, are added to the burst's line_moves (close_burst charges them).
void use_line(ActorCpu& a, LineHistory& line, double cost, LineUse use, double here) {
  // Where the caller stands: what it owes and the burst it is in count (a
  // loop of atomics without an entry into the runtime runs whole before
  // another actor runs).
  const double now = s4u::Engine::get_clock() + a.owed_seconds + here * a.line_scale + a.clock.line_moves;
  switch (use) {
    case LineUse::kRead:
      if (line.read(a.line_core, now, cost)) a.clock.line_moves += cost;
      break;
    case LineUse::kUpdate:
      if (line.update(a.line_core, now, cost)) a.clock.line_moves += cost;
      break;
    case LineUse::kTake:
      a.clock.line_moves += line.take(a.line_core, now) * kLinesPerLockMove * cost;
      break;
  }
}

// What an update costs the simulator (the lookups, the history's search),
// left out of the burst around it: a histogram's 20 M atomics left 100-200
// ns each in their bursts when timed by clocks around each update
// (SimulatorWork: four reads, one a system call), 2-3 s predicted for a
// 0.45-0.69 s native run. Timed one update in kUpdateSample on the
// monotonic clock, the others charged the typical cost of the last
// kUpdateSamples timed (typical_interval): a cost measured once, on made-up
// histories (another core's 256 runs), came out above what a whole
// iteration of the histogram's loop took (73 ns against 55), and left one
// thread's 10 M updates no time at all; their mean let one cold update
// (0.58 us, where they take 20-50 ns) count for the first thousand, whose
// rounds of work then cost nothing (loop_counter.c's two threads updated
// the counter at the same times, and a tenth of its moves went unseen).
constexpr uint32_t kUpdateSample = 64;
constexpr size_t kUpdateSamples = 63;
constexpr double kUpdateOutlier = 1e-6;
struct UpdateCosts {
  std::vector<double> samples;  // the last kUpdateSamples, oldest at next
  size_t next = 0;
  double typical = 0;
  uint32_t countdown = 0;
  void add(double seconds) {
    if (samples.size() < kUpdateSamples) {
      samples.push_back(seconds);
    } else {
      samples[next] = seconds;
      next = (next + 1) % kUpdateSamples;
    }
    typical = typical_interval(samples);
  }
};
UpdateCosts g_update_seconds;

// The caller's host, core and line move cost, looked up at its first update.
void find_line_host(ActorCpu& a) {
  if (a.line_host) return;
  a.line_host = s4u::this_actor::get_host();
  a.line_core = core_of_caller();
  a.line_cost = line_transfer(a.line_host);
  a.line_scale = measured_speed(a.line_host, a.line_core) / a.line_host->get_speed();
}

// The caller's history of the line at address; none where its host does
// not model lines' moves. created: the line's first use.
LineHistory* line_of_caller(ActorCpu& a, const void* address, bool& created) {
  find_line_host(a);
  if (a.line_cost <= 0) return nullptr;
  return &lookup_line(a, address, created);
}

void use_shared_line(const void* address, LineUse use) {
  if (!g_lines_modelled) return;
  // Timed from here: finding the caller is the simulator's work too (20 M
  // drand48() draws told as updates, 4 ns each natively, were charged 9 ns
  // each with it left in, 6.7 without).
  UpdateCosts& costs = g_update_seconds;
  const double start = clock_seconds(Clock::Monotonic);
  ActorCpu* a = cpu_of_caller();
  // Only the program's own code that bursts count: a kernel run for real
  // is charged its model, measured natively with its lines' moves.
  if (!a || a->clock.depth != 0) return;
  // Where the caller stands, before the simulator's work here: a thread's
  // first use finds its host, a line's first creates its history
  // (microseconds, once). Counted in, they put two threads' draws from
  // rand() after a barrier (1,000 each, about 2 us) before or after all of
  // each other's, as the machine's load had them (shared_lines.sh).
  const double here = a->clock.pending + running_burst_seconds(a->clock, start);
  const bool set_up = !a->line_host;
  bool created = false;
  LineHistory* line = line_of_caller(*a, address, created);
  if (!line) return;
  use_line(*a, *line, a->line_cost, use, here);
  if (set_up || created || costs.countdown == 0) {
    const double seconds = clock_seconds(Clock::Monotonic) - start - clock_overhead(Clock::Monotonic);
    costs.countdown = kUpdateSample - 1;  // the next one timed warm
    if (set_up || created) {
      add_simulator_work(std::max(0.0, seconds));  // not a use's cost: left out of the typical one
      return;
    }
    if (seconds < kUpdateOutlier) {
      SimulatorWork work;  // finding the typical cost (0.18 us) is no use's: left out of the burst
      costs.add(std::max(0.0, seconds));
    }
  } else {
    --costs.countdown;
  }
  add_simulator_work(costs.typical);
}

void shared_line(const void* address, bool update) {
  use_shared_line(address, update ? LineUse::kUpdate : LineUse::kRead);
}

// In the runtime, after the entry charged the burst before it: owed at
// once. Not through the line's history: two threads taking a dynamic loop's
// chunks natively alternate on its counter every few nanoseconds, while
// their actors run a microsecond of owed time each in turn, and only the
// one simulated second found the other's updates in its windows (946 k
// moves of 10 M chunks).
// A host of one core has no other core to take the line from.
void runtime_line_move(double moves) {
  ActorCpu* a = cpu_of_caller();
  if (!a) return;
  find_line_host(*a);
  if (a->line_cost > 0 && a->line_host->get_core_count() > 1)
    owe(*a, a->line_host, moves * a->line_cost * a->line_host->get_speed());
}

// A thread polling a flag reads, when the entry that precedes the read
// returns, what the actor that updated the flag last in the simulation's
// order wrote. Actors run one at a time, whole bursts: a thread that sets
// the flag after a 93 ms computation ran it before the polling thread's
// first read, which found the flag set at simulated time 0 and went on
// 93 ms early (a simulation of 0.088 s for a native 0.120). Natively it
// would have polled until the value came: it spins until then.
void line_polled(const void* address) {
  if (!g_lines_modelled) return;
  ActorCpu* a = cpu_of_caller();
  if (!a || a->clock.depth != 1) return;  // a kernel's poll: its model has its waits
  bool created = false;
  LineHistory* line = line_of_caller(*a, address, created);
  if (!line) return;
  const double now = s4u::Engine::get_clock() + a->owed_seconds;
  const double wait = line->wait_for_latest(a->line_core, now, a->line_cost);
  if (wait > 0) owe(*a, a->line_host, wait * a->line_host->get_speed());
}

const BurstAccounting kAccounting{clock_of_caller, charge, nullptr, shared_line, runtime_line_move, line_polled};

// hcc.simulate_on_cpu: the CPU (of those the process may use) on which the
// platform's factors were measured relative to: the simulation runs there,
// so that its bursts are measured at that CPU's speed. Not a CPU this
// process may use: left unbound, with one line.
void bind_to_reference_cpu() {
  for (const s4u::Host* h : s4u::Engine::get_instance()->get_all_hosts()) {
    const char* text = h->get_property("hcc.simulate_on_cpu");
    if (!text) continue;
    char* end = nullptr;
    const long cpu = std::strtol(text, &end, 10);
    if (end == text || *end || cpu < 0 || cpu >= CPU_SETSIZE)
      throw std::runtime_error("platform host '" + h->get_name() + "': hcc.simulate_on_cpu=\"" + text +
                               "\": expected a CPU number");
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(static_cast<int>(cpu), &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0)
      std::fprintf(stderr, "hccsim: cannot run on CPU %ld (hcc.simulate_on_cpu of host '%s'): bursts are measured "
                           "where the system runs the simulation\n", cpu, h->get_cname());
    return;
  }
}

}  // namespace

void set_actor_core(long pid, int core) { g_core[pid] = core; }

double line_transfer(const s4u::Host* host) {
  auto it = g_line_transfer.find(host);
  if (it != g_line_transfer.end()) return it->second;
  const double seconds = number_property(host, "hcc.line_transfer", 0, [](double t) { return t >= 0; },
                                         "expected seconds, 0 or more (what a cache line's move between two of "
                                         "its cores costs)");
  return g_line_transfer.emplace(host, seconds).first->second;
}

void library_lock_taken(const void* state) {
  if (g_burst_accounting == &kAccounting) use_shared_line(state, LineUse::kTake);
}

double take_owed_flops() {
  ActorCpu* a = cpu_of_caller();
  if (!a || a->owed_flops <= 0) return 0;
  const double flops = a->owed_flops;
  a->owed_flops = a->owed_seconds = 0;
  return flops;
}

void pay_owed_cpu() {
  if (const double flops = take_owed_flops(); flops > 0) s4u::this_actor::execute(flops);
}

double owed_seconds() {
  const ActorCpu* a = cpu_of_caller();
  return a ? a->owed_seconds : 0;
}

void simulated_poll() {
  constexpr double kPollSeconds = 1e-8;
  SimcallEntry entry;
  s4u::this_actor::sleep_for(kPollSeconds);
}

void start_burst_accounting(const Config& config) {
  g_actors.clear();
  g_speed.clear();
  g_core.clear();
  g_line_transfer.clear();
  g_lines.clear();
  g_update_seconds = {};
  if (!config.sim_bursts) {
    install_burst_accounting(nullptr);
    g_poll_without_bursts = simulated_poll;
    return;
  }
  g_poll_without_bursts = nullptr;
  // Every host's factor is checked before the program starts: a typo must
  // not surface at the first burst of some rank, after minutes.
  g_lines_modelled = false;
  for (const s4u::Host* h : s4u::Engine::get_instance()->get_all_hosts()) {
    speeds(h);
    g_lines_modelled |= line_transfer(h) > 0;
  }
  bind_to_reference_cpu();
  install_burst_accounting(&kAccounting);
  start_stall_watch();
}

}  // namespace hcc::rt
