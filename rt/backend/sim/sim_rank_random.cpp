// The C library's random number generators, one per simulated MPI rank,
// and the cache lines their draws move between a rank's threads.
//
// rand(), random() and drand48() keep their state in the C library, which
// the ranks of a simulation (actors of one process) share, where natively
// each rank is a process with its own: a program seeding with its rank
// (srand(42 + rank)) drew other numbers simulated than natively, silently,
// as the ranks' calls interleaved. The driver links these definitions into
// simulated MPI programs (-Wl,-u,hcc_sim_rank_random), in front of the C
// library's, and they keep the state in a privatised variable (hcc.h):
// each rank has its copy, which starts as a new process's state does. The C
// library's reentrant functions (random_r, drand48_r) draw, so the numbers
// are the C library's, bit for bit. A rank's OpenMP threads share its state,
// as a process's threads do. The definitions are weak: a program that
// defines one of these functions itself keeps its own, as it would in front
// of the C library (its variables are privatised like all the program's).
// Programs without MPI take them too, as the linker finds them for their
// calls before the C library's.
//
// Natively rand() and random() take the C library's lock around each
// draw, and threads drawing in turn take its line and the state's from
// each other: a Monte Carlo loop calling rand() from two threads drew 4 M
// numbers in 0.13-0.21 s with the VM's lines moving in 40 ns (0.065 s with
// them moving in 190 ns, where a thread keeps the lock for longer runs),
// where one thread draws them in 0.045 s; a simulation, running one actor
// at a time and drawing without the lock, predicted 0.007 s. A draw here
// takes a lock as the C library does (its cost) and tells the simulation
// (library_lock_taken), which charges what waiting for the other cores'
// draws cost: 0.16 s. drand48() takes no lock in glibc, and is left as it
// is: telling the simulation of each draw cost a sequential loop of them
// 3 ns a draw more than their 4 (the simulator's part of it that is not
// left out of the burst).
#include <stdint.h>
#include <stdlib.h>

#include "hcc/hcc.h"
#include "sim_bursts.hpp"

extern "C" {
// What the driver's -u names, so that the linker takes this object.
extern const int hcc_sim_rank_random = 1;
}

namespace {

struct Generators {
  int random_lock;                // as the C library's around random()'s state (RandomLocked)
  struct random_data random;      // points into random_state (of the same copy); zero until first used
  int32_t random_state[32];       // 128 bytes: the C library's own size (TYPE_3)
  struct drand48_data drand48;    // zero, as the C library's before any seed
};

Generators g_generators;  // zero; a rank's copy lies hcc_private_shift bytes from it
hcc_private_var g_generators_var{&g_generators, sizeof g_generators, nullptr, nullptr,
                                 "the C library's random number generators"};
hcc_private_var* const g_vars[] = {&g_generators_var};

// Before main, as the compiler's registrations of the program's variables.
[[gnu::constructor]] void register_generators() { hcc_private_register(g_vars, 1); }

Generators& mine() { return HCC_PRIVATE(g_generators); }

// As a process's before any srand(): the C library's state for seed 1.
struct random_data* random_of(Generators& g) {
  if (!g.random.state)
    initstate_r(1, reinterpret_cast<char*>(g.random_state), sizeof g.random_state, &g.random);
  return &g.random;
}

// The rank's random() state, under a lock taken as the C library takes
// its own (two atomic exchanges). A rank's actors run one at a time, so it
// is never contended here; its cost is a draw's most natively (11 ns a draw
// on one thread, 3.4 without). What contention adds, the simulation
// charges (library_lock_taken).
class RandomLocked {
 public:
  RandomLocked() : g_(mine()) {
    hcc::rt::library_lock_taken(&g_.random);
    while (__atomic_exchange_n(&g_.random_lock, 1, __ATOMIC_ACQUIRE)) {
    }
  }
  ~RandomLocked() { __atomic_exchange_n(&g_.random_lock, 0, __ATOMIC_RELEASE); }
  RandomLocked(const RandomLocked&) = delete;
  RandomLocked& operator=(const RandomLocked&) = delete;
  struct random_data* data() { return random_of(g_); }

 private:
  Generators& g_;
};

int32_t next_random() {
  int32_t r = 0;
  RandomLocked locked;
  random_r(locked.data(), &r);
  return r;
}

}  // namespace

extern "C" {

[[gnu::weak]] int rand(void) { return next_random(); }
[[gnu::weak]] long random(void) { return next_random(); }
[[gnu::weak]] void srand(unsigned seed) {
  RandomLocked locked;
  srandom_r(seed, locked.data());
}
[[gnu::weak]] void srandom(unsigned seed) {
  RandomLocked locked;
  srandom_r(seed, locked.data());
}

// As the C library's: they return the previous state (its word before the
// table), or NULL for a state it refuses.
[[gnu::weak]] char* initstate(unsigned seed, char* state, size_t n) {
  RandomLocked locked;
  struct random_data* data = locked.data();
  char* previous = reinterpret_cast<char*>(&data->state[-1]);
  return initstate_r(seed, state, n, data) < 0 ? nullptr : previous;
}
[[gnu::weak]] char* setstate(char* state) {
  RandomLocked locked;
  struct random_data* data = locked.data();
  char* previous = reinterpret_cast<char*>(&data->state[-1]);
  return setstate_r(state, data) < 0 ? nullptr : previous;
}

[[gnu::weak]] double drand48(void) {
  double r = 0;
  drand48_r(&mine().drand48, &r);
  return r;
}
[[gnu::weak]] double erand48(unsigned short xsubi[3]) {
  double r = 0;
  erand48_r(xsubi, &mine().drand48, &r);
  return r;
}
[[gnu::weak]] long lrand48(void) {
  long r = 0;
  lrand48_r(&mine().drand48, &r);
  return r;
}
[[gnu::weak]] long nrand48(unsigned short xsubi[3]) {
  long r = 0;
  nrand48_r(xsubi, &mine().drand48, &r);
  return r;
}
[[gnu::weak]] long mrand48(void) {
  long r = 0;
  mrand48_r(&mine().drand48, &r);
  return r;
}
[[gnu::weak]] long jrand48(unsigned short xsubi[3]) {
  long r = 0;
  jrand48_r(xsubi, &mine().drand48, &r);
  return r;
}
[[gnu::weak]] void srand48(long seed) { srand48_r(seed, &mine().drand48); }
[[gnu::weak]] unsigned short* seed48(unsigned short seed[3]) {
  struct drand48_data& d = mine().drand48;
  seed48_r(seed, &d);
  return d.__old_x;
}
[[gnu::weak]] void lcong48(unsigned short param[7]) { lcong48_r(param, &mine().drand48); }

}  // extern "C"
