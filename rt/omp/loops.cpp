// Worksharing loops: static schedules are computed by each thread alone
// (__kmpc_for_static_init_*); dynamic, guided, runtime and ordered ones go
// through a Loop the team shares (__kmpc_dispatch_*). Iterations are
// numbered 0..trip-1 internally, whatever the type, bounds and stride.
#include "loops.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <type_traits>

#include "bursts.hpp"
#include "loop_kernels.hpp"
#include "omp_state.hpp"

namespace hcc::omp {

constexpr int32_t kMonotonic = static_cast<int32_t>(0x80000000u);  // omp_sched_monotonic
// libomp's own kinds (kmp_sched_t), which omp_set_schedule and OMP_SCHEDULE
// take and omp_get_schedule gives back: run as guided and dynamic.
constexpr int32_t kTrapezoidal = 101, kStaticSteal = 102;

// OMP_SCHEDULE's names of the kinds (parse_schedule, omp_display_env).
struct ScheduleKind {
  const char* name;
  int32_t kind;
};
constexpr ScheduleKind kScheduleKinds[] = {{"static", 1},      {"dynamic", 2},
                                           {"guided", 3},      {"auto", 4},
                                           {"trapezoidal", kTrapezoidal}, {"static_steal", kStaticSteal}};

RunSchedule run_schedule(int32_t kind, int64_t chunk) {
  RunSchedule r;
  const int32_t base = kind & ~kMonotonic;
  const bool known = (base >= 1 && base <= 4) || base == kTrapezoidal || base == kStaticSteal;
  r.kind = (known ? base : 1) | (kind & kMonotonic);
  const int32_t c = static_cast<int32_t>(std::clamp<int64_t>(chunk, 0, INT32_MAX));
  switch (r.kind & ~kMonotonic) {
    case 1: r.chunk = c; break;               // static: < 1 is unchunked
    case 4: r.chunk = 1; break;               // auto: no chunk
    default: r.chunk = std::max(c, 1); break;  // dynamic, guided, trapezoidal, static_steal: at least 1
  }
  return r;
}

int32_t RunSchedule::loop_kind() const {
  switch (kind & ~kMonotonic) {
    case 2: return kSchDynamicChunked;
    case 3: return kSchGuidedChunked;
    case kTrapezoidal: return kSchTrapezoidal;
    case kStaticSteal: return kSchDynamicChunked;
    case 1: return chunk > 0 ? kSchStaticChunked : kSchStatic;
    default: return kSchStatic;  // auto
  }
}

bool parse_schedule(const char* text, RunSchedule& out) {
  std::string s(text);
  s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t'; }), s.end());
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  int32_t modifier = 0;
  if (auto colon = s.find(':'); colon != std::string::npos) {
    const std::string m = s.substr(0, colon);
    if (m == "monotonic") modifier = kMonotonic;
    else if (m != "nonmonotonic") return false;
    s = s.substr(colon + 1);
  }
  const std::string name = s.substr(0, s.find(','));
  int64_t chunk = 0;
  if (auto comma = s.find(','); comma != std::string::npos) {
    try {
      chunk = std::stoll(s.substr(comma + 1));
    } catch (...) {
      return false;
    }
  }
  for (const ScheduleKind& k : kScheduleKinds)
    if (name == k.name) {
      out = run_schedule(k.kind | modifier, chunk);
      return true;
    }
  return false;
}

const char* schedule_name(int32_t kind) {
  for (const ScheduleKind& k : kScheduleKinds)
    if (k.kind == kind) return k.name;
  return "static";
}

namespace {

// The value of iteration i.
template <class T, class ST>
T iteration(T lb, ST st, uint64_t i) {
  using UT = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<UT>(lb) + static_cast<UT>(i) * static_cast<UT>(st));
}

// Thread tid's share of an unchunked static schedule: the first trip % n
// threads get one iteration more.
void balanced(uint64_t trip, int n, int tid, uint64_t& begin, uint64_t& count) {
  const uint64_t small = trip / n, extras = trip % n;
  const uint64_t t = static_cast<uint64_t>(tid);
  begin = t * small + std::min(t, extras);
  count = small + (t < extras ? 1 : 0);
}

int32_t base_kind(int32_t sched, bool& ordered) {
  int32_t kind = sched & ~kSchModifierMask;
  ordered = kind > kOrdLower && kind < kOrdUpper;
  if (ordered) kind -= kOrdLower - 32;
  switch (kind) {
    case kSchStaticChunked:
    case kDistributeStaticChunked: return kSchStaticChunked;
    case kSchDynamicChunked: return kSchDynamicChunked;
    case kSchGuidedChunked:
    case kSchTrapezoidal:
    case kSchGuidedIterative:
    case kSchGuidedAnalytical: return kSchGuidedChunked;
    case kSchRuntime: return kSchRuntime;
    default: return kSchStatic;  // static, auto, greedy, balanced, steal
  }
}

template <class T, class ST>
void static_init(const ident_t* loc, int32_t sched, int32_t* plast, T* plb, T* pub, ST* pst, ST incr, ST chunk) {
  State& s = state();
  const Context& c = context(s);
  // `distribute` shares the loop among the league's teams (teams.cpp); the
  // loops inside the teams are the ones measured as kernels.
  const int32_t kind = sched & ~kSchModifierMask;
  const bool distribute = kind == kDistributeStatic || kind == kDistributeStaticChunked;
  if (!distribute) loop_begins(s);
  const int n = distribute ? c.team->num_teams : c.team->nthreads, tid = distribute ? c.team->team_num : c.tid;
  const uint64_t trip = trip_count<T, ST>(*plb, *pub, incr);
  if (plast) *plast = 0;
  if (trip == 0) {
    *pst = incr;
    return;
  }
  bool ordered;
  if (base_kind(sched, ordered) == kSchStaticChunked) {
    const uint64_t ch = chunk < 1 ? 1 : static_cast<uint64_t>(chunk);
    const T lb = *plb;
    *plb = iteration<T, ST>(lb, incr, ch * tid);
    *pub = iteration<T, ST>(*plb, incr, ch - 1);
    *pst = static_cast<ST>(static_cast<std::make_unsigned_t<ST>>(incr) * ch * n);
    if (plast) *plast = tid == static_cast<int>(((trip - 1) / ch) % n);
    // The thread's iterations: a chunk in every full round, then its part of the last.
    const uint64_t round = ch * static_cast<uint64_t>(n), rest = trip % round;
    const uint64_t mine = trip / round * ch + std::min(ch, rest > ch * tid ? rest - ch * tid : 0);
    if (ch * tid >= trip || (!distribute && !chunk_begins(s, loc, mine))) {  // nothing for this thread, or simulated from a model
      *plb = iteration<T, ST>(lb, incr, trip), *pub = lb;
      if (plast) *plast = 0;
    }
    return;
  }
  uint64_t begin, count;
  balanced(trip, n, tid, begin, count);
  const T lb = *plb, ub = *pub;
  *pst = static_cast<ST>(static_cast<std::make_unsigned_t<ST>>(incr) * trip);
  if (count == 0) {
    *plb = iteration<T, ST>(ub, incr, 1);  // empty: lower beyond upper
    return;
  }
  if (!distribute && !chunk_begins(s, loc, count)) {  // simulated from its model: empty
    *plb = iteration<T, ST>(ub, incr, 1);
    return;
  }
  *plb = iteration<T, ST>(lb, incr, begin);
  *pub = iteration<T, ST>(lb, incr, begin + count - 1);
  if (plast) *plast = begin + count == trip;
}

template <class T, class ST>
void dispatch_init(const ident_t* loc, int32_t sched, T lb, T ub, ST st, ST chunk) {
  State& s = state();
  loop_begins(s);
  const Context& c = context(s);
  Team& team = *c.team;
  Member& m = team.members[c.tid];
  bool ordered;
  int32_t kind = base_kind(sched, ordered);
  int64_t ch = chunk;
  if (kind == kSchRuntime) {
    bool unused;
    // The region's: the same for all its threads (Team::schedule).
    const RunSchedule& r = team.schedule.kind ? team.schedule : s.run_schedule;
    kind = base_kind(r.loop_kind(), unused);
    ch = r.chunk;
  }
  if (kind == kSchStatic && ch > 0) kind = kSchStaticChunked;
  m.lower = static_cast<uint64_t>(static_cast<std::make_unsigned_t<T>>(lb));
  m.loc = loc;
  m.stride = st;
  const uint64_t ordinal = ++m.loops;
  m.chunk = 0;
  s.rt.lock();
  std::unique_ptr<Loop>& loop = team.loops[ordinal];
  if (!loop) {
    loop = std::make_unique<Loop>();
    loop->kind = kind;
    loop->ordered = ordered;
    loop->trip = trip_count<T, ST>(lb, ub, st);
    loop->chunk = ch < 1 ? 1 : static_cast<uint64_t>(ch);
    loop->ordinal = ordinal;
  }
  m.loop = loop.get();
  s.rt.unlock();
}

// The next chunk of the calling thread: [begin, begin + count), or false
// when the loop is over for it.
bool next_chunk(Team& team, int tid, Member& m, uint64_t& begin, uint64_t& count) {
  Loop& loop = *m.loop;
  const int n = team.nthreads;
  // The counter's line comes from another thread's core, natively, while
  // another thread still takes chunks: charged in a simulation.
  if (hcc::rt::g_burst_accounting && (loop.kind == kSchDynamicChunked || loop.kind == kSchGuidedChunked) &&
      loop.finished.load(std::memory_order_relaxed) < n - 1)
    hcc::rt::runtime_moves_line();
  switch (loop.kind) {
    case kSchStatic:
      if (m.chunk++ > 0) return false;
      balanced(loop.trip, n, tid, begin, count);
      return count > 0;
    case kSchStaticChunked:
      begin = (m.chunk++ * n + tid) * loop.chunk;
      if (begin >= loop.trip) return false;
      count = std::min(loop.chunk, loop.trip - begin);
      return true;
    case kSchGuidedChunked: {
      begin = loop.next.load(std::memory_order_relaxed);
      do {
        if (begin >= loop.trip) return false;
        const uint64_t left = loop.trip - begin;
        count = std::min(left, std::max<uint64_t>(loop.chunk, (left + 2 * n - 1) / (2 * n)));
      } while (!loop.next.compare_exchange_weak(begin, begin + count, std::memory_order_relaxed));
      return true;
    }
    default:
      // Each thread takes one chunk beyond the end at most, so next stays
      // within trip + nthreads * chunk.
      begin = loop.next.fetch_add(loop.chunk, std::memory_order_relaxed);
      if (begin >= loop.trip) return false;
      count = std::min(loop.chunk, loop.trip - begin);
      return true;
  }
}

template <class T, class ST>
int32_t dispatch_next(int32_t* plast, T* plb, T* pub, ST* pst) {
  State& s = state();
  const Context& c = context(s);
  Team& team = *c.team;
  Member& m = team.members[c.tid];
  if (!m.loop) return 0;
  chunk_ends(s);  // the chunk it ran, if any
  uint64_t begin = 0, count = 0;
  // Chunks a simulation charges from their model are skipped; ordered
  // loops always run (their ordered regions pass a turn from chunk to chunk).
  bool more;
  while ((more = next_chunk(team, c.tid, m, begin, count)) && !m.loop->ordered && !chunk_begins(s, m.loc, count)) {
  }
  if (!more) {
    s.rt.lock();
    if (++m.loop->finished == team.nthreads) team.loops.erase(m.loop->ordinal);
    s.rt.unlock();
    m.loop = nullptr;
    return 0;
  }
  const T lb = static_cast<T>(m.lower);
  const ST st = static_cast<ST>(m.stride);
  *plb = iteration<T, ST>(lb, st, begin);
  *pub = iteration<T, ST>(lb, st, begin + count - 1);
  if (pst) *pst = st;
  if (plast) *plast = begin + count == m.loop->trip;
  m.ordered_iteration = begin;
  return 1;
}

// Ordered loops: the thread running iteration i enters its ordered region
// once iterations 0..i-1 have left theirs (or ended without one).
void wait_turn(State& s, Member& m) {
  Loop* loop = m.loop;
  const uint64_t i = m.ordered_iteration;
  s.rt.wait_locked([loop, i] { return loop->ordered_next == i; }, false);
}

}  // namespace
}  // namespace hcc::omp

using namespace hcc::omp;

extern "C" {

void __kmpc_for_static_init_4(ident_t* loc, int32_t, int32_t sched, int32_t* plast, int32_t* plb, int32_t* pub,
                              int32_t* pst, int32_t incr, int32_t chunk) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  static_init<int32_t, int32_t>(loc, sched, plast, plb, pub, pst, incr, chunk);
}
void __kmpc_for_static_init_4u(ident_t* loc, int32_t, int32_t sched, int32_t* plast, uint32_t* plb, uint32_t* pub,
                               int32_t* pst, int32_t incr, int32_t chunk) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  static_init<uint32_t, int32_t>(loc, sched, plast, plb, pub, pst, incr, chunk);
}
void __kmpc_for_static_init_8(ident_t* loc, int32_t, int32_t sched, int32_t* plast, int64_t* plb, int64_t* pub,
                              int64_t* pst, int64_t incr, int64_t chunk) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  static_init<int64_t, int64_t>(loc, sched, plast, plb, pub, pst, incr, chunk);
}
void __kmpc_for_static_init_8u(ident_t* loc, int32_t, int32_t sched, int32_t* plast, uint64_t* plb, uint64_t* pub,
                               int64_t* pst, int64_t incr, int64_t chunk) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  static_init<uint64_t, int64_t>(loc, sched, plast, plb, pub, pst, incr, chunk);
}
void __kmpc_for_static_fini(ident_t* loc, int32_t) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);  // the end of the thread's chunk
  chunk_ends(state());
}

void __kmpc_dispatch_init_4(ident_t* loc, int32_t, int32_t sched, int32_t lb, int32_t ub, int32_t st, int32_t chunk) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  dispatch_init<int32_t, int32_t>(loc, sched, lb, ub, st, chunk);
}
void __kmpc_dispatch_init_4u(ident_t* loc, int32_t, int32_t sched, uint32_t lb, uint32_t ub, int32_t st,
                             int32_t chunk) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  dispatch_init<uint32_t, int32_t>(loc, sched, lb, ub, st, chunk);
}
void __kmpc_dispatch_init_8(ident_t* loc, int32_t, int32_t sched, int64_t lb, int64_t ub, int64_t st, int64_t chunk) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  dispatch_init<int64_t, int64_t>(loc, sched, lb, ub, st, chunk);
}
void __kmpc_dispatch_init_8u(ident_t* loc, int32_t, int32_t sched, uint64_t lb, uint64_t ub, int64_t st,
                             int64_t chunk) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  dispatch_init<uint64_t, int64_t>(loc, sched, lb, ub, st, chunk);
}

int32_t __kmpc_dispatch_next_4(ident_t* loc, int32_t, int32_t* plast, int32_t* plb, int32_t* pub, int32_t* pst) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  return dispatch_next<int32_t, int32_t>(plast, plb, pub, pst);
}
int32_t __kmpc_dispatch_next_4u(ident_t* loc, int32_t, int32_t* plast, uint32_t* plb, uint32_t* pub, int32_t* pst) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  return dispatch_next<uint32_t, int32_t>(plast, plb, pub, pst);
}
int32_t __kmpc_dispatch_next_8(ident_t* loc, int32_t, int32_t* plast, int64_t* plb, int64_t* pub, int64_t* pst) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  return dispatch_next<int64_t, int64_t>(plast, plb, pub, pst);
}
int32_t __kmpc_dispatch_next_8u(ident_t* loc, int32_t, int32_t* plast, uint64_t* plb, uint64_t* pub, int64_t* pst) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  return dispatch_next<uint64_t, int64_t>(plast, plb, pub, pst);
}

// Called by ordered loops after each iteration: the next one may enter its
// ordered region once this one is done, whether or not it had one.
void __kmpc_dispatch_fini_4(ident_t* loc, int32_t) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  State& s = state();
  const Context& c = context(s);
  Member& m = c.team->members[c.tid];
  if (!m.loop) return;
  s.rt.lock();
  wait_turn(s, m);
  ++m.loop->ordered_next;
  s.rt.notify_locked();
  s.rt.unlock();
  ++m.ordered_iteration;
}
void __kmpc_dispatch_fini_4u(ident_t* loc, int32_t gtid) { __kmpc_dispatch_fini_4(loc, gtid); }
void __kmpc_dispatch_fini_8(ident_t* loc, int32_t gtid) { __kmpc_dispatch_fini_4(loc, gtid); }
void __kmpc_dispatch_fini_8u(ident_t* loc, int32_t gtid) { __kmpc_dispatch_fini_4(loc, gtid); }
void __kmpc_dispatch_deinit(ident_t*, int32_t) {}

void __kmpc_ordered(ident_t* loc, int32_t) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  State& s = state();
  const Context& c = context(s);
  Member& m = c.team->members[c.tid];
  if (!m.loop) return;
  s.rt.lock();
  wait_turn(s, m);
  s.rt.unlock();
}
void __kmpc_end_ordered(ident_t*, int32_t) {}

}  // extern "C"
