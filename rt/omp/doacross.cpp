// Doacross loops (`ordered(n)` with `ordered depend(sink/source)`, or
// `doacross(sink/source)`): an iteration waits until the iterations its sink
// vectors name have posted (reached their source). One flag per iteration
// of the loop nest's space, shared by the team; a wait whose flag is set
// costs an atomic load, the others wait through the runtime (simulated
// actors too).
#include "bursts.hpp"
#include "fatal.hpp"
#include "doacross.hpp"
#include "omp_state.hpp"

using namespace hcc::omp;

extern "C" {

// The bounds of each loop of the nest: lower, upper (inclusive), stride.
struct kmp_dim {
  int64_t lo, up, st;
};

void __kmpc_doacross_init(ident_t* loc, int32_t, int32_t num_dims, const kmp_dim* dims) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  State& s = state();
  const Context& c = context(s);
  Team& team = *c.team;
  Member& m = team.members[c.tid];
  const uint64_t ordinal = ++m.doacross_loops;
  s.rt.lock();
  std::unique_ptr<Doacross>& d = team.doacross[ordinal];
  if (!d) {
    d = std::make_unique<Doacross>();
    d->size = 1;
    for (int32_t k = 0; k < num_dims; ++k) {
      const kmp_dim& dim = dims[k];
      const int64_t st = dim.st == 0 ? 1 : dim.st;
      const uint64_t count = trip_count<int64_t, int64_t>(dim.lo, dim.up, st);
      d->dims.push_back(Doacross::Dim{dim.lo, dim.up, st, count});
      d->size *= count;
    }
    if (d->size > (uint64_t{1} << 34)) hcc::rt::fatal("a doacross loop nest of more than 2^34 iterations");
    d->posted = std::make_unique<std::atomic<uint8_t>[]>(d->size);
  }
  m.doacross = d.get();
  s.rt.unlock();
}

void __kmpc_doacross_wait(ident_t* loc, int32_t, const int64_t* vec) {
  State& s = state();
  const Context& c = context(s);
  Doacross* d = c.team->members[c.tid].doacross;
  uint64_t i = 0;
  if (!d || !d->index(vec, i) || d->posted[i].load(std::memory_order_acquire)) return;
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  s.rt.lock();
  s.rt.wait_locked([d, i] { return d->posted[i].load(std::memory_order_acquire) != 0; }, false);
  s.rt.unlock();
}

void __kmpc_doacross_post(ident_t* loc, int32_t, const int64_t* vec) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  State& s = state();
  const Context& c = context(s);
  Doacross* d = c.team->members[c.tid].doacross;
  uint64_t i = 0;
  if (!d || !d->index(vec, i)) return;
  s.rt.lock();
  d->posted[i].store(1, std::memory_order_release);
  s.rt.notify_locked();
  s.rt.unlock();
}

void __kmpc_doacross_fini(ident_t* loc, int32_t) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  State& s = state();
  const Context& c = context(s);
  Team& team = *c.team;
  Member& m = team.members[c.tid];
  Doacross* d = std::exchange(m.doacross, nullptr);
  if (!d) return;
  s.rt.lock();
  if (++d->finished == team.nthreads) team.doacross.erase(m.doacross_loops);
  s.rt.unlock();
}

}  // extern "C"
