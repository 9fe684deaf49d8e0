// The program's clocks in simulation. A simulated program that times itself
// with the C library's clocks (clock_gettime, gettimeofday, timespec_get,
// time, clock; std::chrono's clocks read clock_gettime) reads the simulated
// time, as omp_get_wtime and MPI_Wtime do, and its sleeps (sleep, usleep,
// nanosleep, clock_nanosleep; std::this_thread::sleep_for) pass simulated time, not real time (SMPI does the same for the
// programs smpicc builds), and its sched_yield gives the other simulated
// threads their turn. The executable defines these functions, so that
// they stand in front of the C library's for the program and for the
// libraries it calls (libstdc++'s std::chrono included). A reading is an
// entry into the runtime: the program's CPU burst before it is charged first
// (bursts.hpp), so the time it reads includes its own work.
//
// Only the program's code reads simulated time: the simulator (maestro,
// threads that are no actor) and the runtime (an actor inside a runtime
// entry) read the real clocks. The process's CPU-time clock, which clock()
// reads in the C library, reads as clock() does below; a thread's reads the
// real one. The runtime's own clocks go to the
// C library directly (cpu_clock.hpp, real_clock_gettime).
#include <dlfcn.h>
#include <sched.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <simgrid/plugins/load.h>
#include <simgrid/s4u.hpp>

#include <algorithm>
#include <cmath>

#include "bursts.hpp"
#include "cpu_clock.hpp"
#include "sim_bursts.hpp"
#include "sim_clocks.hpp"
#include "ranks.hpp"
#include "sim_platform.hpp"

namespace hcc::rt {
namespace {

namespace s4u = simgrid::s4u;

// Where the simulated clocks start: the real ones when the simulation began.
struct Origins {
  double realtime = 0;
  double monotonic = 0;
  double clock = 0;  // clock()'s, in seconds
};

double seconds_of(clockid_t id) {
  timespec ts{};
  real_clock_gettime(id, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

Origins& origins() {
  static Origins o{seconds_of(CLOCK_REALTIME), seconds_of(CLOCK_MONOTONIC), seconds_of(CLOCK_PROCESS_CPUTIME_ID)};
  return o;
}

// Whether a program passed a null pointer where the C library declares the
// argument nonnull (and answers EFAULT): hidden from the compiler, which may
// otherwise drop the test, as the declaration lets it.
bool null_argument(const void* p) {
  asm("" : "+r"(p));
  return p == nullptr;
}

// Whether the caller is the program's code of a simulated thread.
bool program_reads() {
  if (!s4u::Engine::is_initialized() || s4u::Actor::is_maestro()) return false;
  return !g_burst_accounting || g_burst_accounting->clock_of_caller()->depth == 0;
}

// The CPU time the program's threads used, in simulated seconds, as
// natively clock() counts every thread's: what the cores of the caller's
// host computed (SimGrid's host load plugin), over a core's speed, and what
// the caller owes. A program timing a region of two busy threads with
// clock() read half its native figure when it was the simulated time, as
// one thread computing all along would read it; that is still what a rank
// of a simulation with ranks reads (its host's cores may compute for other
// ranks: test/lit/mpi/process-cpu-clock.c), and what a simulation without
// the plugin reads.
double process_cpu_seconds(double now) {
  if (!g_host_load_started || current_rank().simulated_ranks) return now;
  const s4u::Host* host = s4u::this_actor::get_host();
  return sg_host_get_computed_flops(host) / host->get_speed() + owed_seconds();
}

// The real clock where it counts, else what the real clock would say: its
// origin plus the caller's simulated time (the simulated clock and what the
// caller owes: no simcall, so that a loop polling the clock costs a read).
double wall_clock(clockid_t id) {
  const double now = s4u::Engine::get_clock() + owed_seconds();
  switch (id) {
    case CLOCK_REALTIME:
    case CLOCK_REALTIME_COARSE:
    case CLOCK_TAI:
      return origins().realtime + now;
    case CLOCK_PROCESS_CPUTIME_ID:  // as clock()
      return origins().clock + process_cpu_seconds(now);
    default:  // the monotonic clocks
      return origins().monotonic + now;
  }
}

bool simulated_clock(clockid_t id) {
  switch (id) {
    case CLOCK_REALTIME:
    case CLOCK_REALTIME_COARSE:
    case CLOCK_TAI:
    case CLOCK_MONOTONIC:
    case CLOCK_MONOTONIC_RAW:
    case CLOCK_MONOTONIC_COARSE:
    case CLOCK_BOOTTIME:
    case CLOCK_PROCESS_CPUTIME_ID:  // the real one holds every rank's and the simulator's work
      return true;
    default:  // a thread's CPU-time clock: the program's code runs for real
      return false;
  }
}

timespec to_timespec(double seconds) {
  timespec ts{};
  ts.tv_sec = static_cast<time_t>(std::floor(seconds));
  ts.tv_nsec = static_cast<long>((seconds - std::floor(seconds)) * 1e9);
  if (ts.tv_nsec >= 1000000000L) {
    ++ts.tv_sec;
    ts.tv_nsec -= 1000000000L;
  }
  return ts;
}

// The C library's functions, for the simulator's and the runtime's calls.
// Resolved before the simulation starts: a first call's lookup in the
// program's code would be charged to its burst.
struct Libc {
  int (*gettimeofday)(struct timeval*, void*);
  int (*timespec_get)(struct timespec*, int);
  time_t (*time)(time_t*);
  clock_t (*clock)();
  int (*nanosleep)(const struct timespec*, struct timespec*);
  int (*clock_nanosleep)(clockid_t, int, const struct timespec*, struct timespec*);
  int (*usleep)(useconds_t);
  unsigned (*sleep)(unsigned);
  int (*sched_yield)();
};

template <typename Fn>
void resolve(Fn& fn, const char* name) {
  fn = reinterpret_cast<Fn>(dlsym(RTLD_NEXT, name));
}

const Libc& libc() {
  static const Libc l = [] {
    Libc r{};
    resolve(r.gettimeofday, "gettimeofday");
    resolve(r.timespec_get, "timespec_get");
    resolve(r.time, "time");
    resolve(r.clock, "clock");
    resolve(r.nanosleep, "nanosleep");
    resolve(r.clock_nanosleep, "clock_nanosleep");
    resolve(r.usleep, "usleep");
    resolve(r.sleep, "sleep");
    resolve(r.sched_yield, "sched_yield");
    return r;
  }();
  return l;
}

// Around the program's read of a simulated clock: an entry into the
// runtime (bursts.cpp charges the read's native cost). The test that the
// program's code reads (program_reads: the actor's clock found by its pid,
// 10-15 ns) runs in the caller's burst, before the entry: its typical cost,
// timed at the first read, is the simulator's work, left out of the burst
// (a loop polling std::chrono's clock went round 0.63 times as often as
// natively with it).
class ClockRead {
 public:
  __attribute__((always_inline)) explicit ClockRead(const char* where) : before_(add_check_cost()), entry_(where, ClockReadEntry{}) {
    if (check_seconds() < 0) check_seconds() = time_check();
  }

 private:
  static double& check_seconds() {
    static double seconds = -1;
    return seconds;
  }
  static bool add_check_cost() {
    if (check_seconds() > 0) add_simulator_work(check_seconds());
    return true;
  }
  static double time_check() {
    constexpr int kReads = 256;
    double best = 1.0;
    for (int round = 0; round < 3; ++round) {
      const double start = seconds_of(CLOCK_MONOTONIC);
      for (int i = 0; i < kReads; ++i) {
        bool reads = program_reads();
        asm volatile("" : "+r"(reads));
      }
      best = std::min(best, (seconds_of(CLOCK_MONOTONIC) - start) / kReads);
    }
    return best;
  }

  bool before_;
  RuntimeEntry entry_;
};

void simulated_sleep(double seconds) {
  SimcallEntry entry("sleep");
  if (seconds > 0) s4u::this_actor::sleep_for(seconds);
}

}  // namespace

void start_program_clocks() {
  libc();
  origins();
  timespec ts;
  real_clock_gettime(CLOCK_MONOTONIC, &ts);
}

}  // namespace hcc::rt

using hcc::rt::program_reads;

extern "C" {

int clock_gettime(clockid_t id, struct timespec* ts) {
  if (hcc::rt::null_argument(ts) || !hcc::rt::simulated_clock(id) || !program_reads())
    return hcc::rt::real_clock_gettime(id, ts);
  hcc::rt::ClockRead read("clock_gettime");
  *ts = hcc::rt::to_timespec(hcc::rt::wall_clock(id));
  return 0;
}

int gettimeofday(struct timeval* tv, void* tz) {
  if (hcc::rt::null_argument(tv) || !program_reads()) return hcc::rt::libc().gettimeofday(tv, tz);
  hcc::rt::ClockRead read("gettimeofday");
  const timespec ts = hcc::rt::to_timespec(hcc::rt::wall_clock(CLOCK_REALTIME));
  tv->tv_sec = ts.tv_sec;
  tv->tv_usec = ts.tv_nsec / 1000;
  return 0;
}

int timespec_get(struct timespec* ts, int base) {
  if (base != TIME_UTC || !program_reads()) return hcc::rt::libc().timespec_get(ts, base);
  hcc::rt::ClockRead read("timespec_get");
  *ts = hcc::rt::to_timespec(hcc::rt::wall_clock(CLOCK_REALTIME));
  return base;
}

time_t time(time_t* out) {
  if (!program_reads()) return hcc::rt::libc().time(out);
  hcc::rt::ClockRead read("time");
  const auto now = static_cast<time_t>(std::floor(hcc::rt::wall_clock(CLOCK_REALTIME)));
  if (out) *out = now;
  return now;
}

// The processor time a program reads to time its work (clock(), and
// clock_gettime's CLOCK_PROCESS_CPUTIME_ID): the simulated CPU time of its
// threads since the simulation began (process_cpu_seconds); the real one
// counts every rank's work and the simulator's.
clock_t clock(void) {
  if (!program_reads()) return hcc::rt::libc().clock();
  hcc::rt::ClockRead read("clock");
  const double seconds = hcc::rt::wall_clock(CLOCK_PROCESS_CPUTIME_ID);
  return static_cast<clock_t>(seconds * CLOCKS_PER_SEC);
}

int nanosleep(const struct timespec* request, struct timespec* remaining) {
  if (!request || !program_reads()) return hcc::rt::libc().nanosleep(request, remaining);
  hcc::rt::simulated_sleep(static_cast<double>(request->tv_sec) + 1e-9 * static_cast<double>(request->tv_nsec));
  if (remaining) *remaining = timespec{};
  return 0;
}

int clock_nanosleep(clockid_t id, int flags, const struct timespec* request, struct timespec* remaining) {
  if (!request || !hcc::rt::simulated_clock(id) || !program_reads())
    return hcc::rt::libc().clock_nanosleep(id, flags, request, remaining);
  double seconds = static_cast<double>(request->tv_sec) + 1e-9 * static_cast<double>(request->tv_nsec);
  if (flags & TIMER_ABSTIME) seconds -= hcc::rt::wall_clock(id);
  hcc::rt::simulated_sleep(seconds);
  if (remaining && !(flags & TIMER_ABSTIME)) *remaining = timespec{};
  return 0;
}

int usleep(useconds_t microseconds) {
  if (!program_reads()) return hcc::rt::libc().usleep(microseconds);
  hcc::rt::simulated_sleep(1e-6 * static_cast<double>(microseconds));
  return 0;
}

// A thread that lets the others run while it waits for them (std::this_thread::yield
// calls it too): the simulated threads' turn, after the caller's burst; a
// loop of them waits in simulated time as natively, where a loop that never
// enters the runtime waits forever (sim_stall_watch.cpp).
int sched_yield(void) {
  if (!program_reads()) return hcc::rt::libc().sched_yield();
  hcc::rt::SimcallEntry entry("sched_yield");
  simgrid::s4u::this_actor::yield();
  return 0;
}

unsigned sleep(unsigned seconds) {
  if (!program_reads()) return hcc::rt::libc().sleep(seconds);
  hcc::rt::simulated_sleep(static_cast<double>(seconds));
  return 0;
}

}  // extern "C"
