#include "burst_models.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

#include "bursts.hpp"
#include "cpu_clock.hpp"

namespace hcc::rt {

const char kProgramCall[] = "<call>";
const char kProgramReturn[] = "<return>";

namespace {

// An entry's name in keys: "file:line" for an OpenMP source location (its
// path and column differ between builds of the same line), the text
// otherwise.
std::string key_name(const char* where) {
  const std::string site = openmp_site(where);
  return site.empty() ? std::string(where) : site;
}

// 64-bit FNV-1a, as footprints are hashed.
uint64_t fnv1a(const std::string& text) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char ch : text) {
    h ^= ch;
    h *= 0x100000001b3ULL;
  }
  return h;
}

// Per thread, by the entries' addresses (static strings: the same for every
// burst between the same two entries), what a burst between them needs:
// hashing two names at each of millions of bursts would cost more than the
// bursts.
struct PairHash {
  size_t operator()(const std::pair<const char*, const char*>& p) const {
    return std::hash<const void*>()(p.first) * 31 + std::hash<const void*>()(p.second);
  }
};
struct KnownPair {
  uint64_t key = 0;
  double model = -1;   // simulation: the model's seconds, -1 without one
  double moved_model = -1;  // and that of its bursts that moved a line (kLineMovedKey)
  uint32_t kept = 0;   // instrumented run: samples this thread kept
  double sum = 0;      // and their seconds
};
using KnownPairs = std::unordered_map<std::pair<const char*, const char*>, KnownPair, PairHash>;
thread_local KnownPairs* t_known = nullptr;  // one leaked table per thread: used until the thread ends

std::unordered_map<uint64_t, double>* g_models = nullptr;  // installed once, before any actor runs

KnownPair& known(const char* from, const char* to) {
  if (!t_known) t_known = new KnownPairs;
  auto [it, inserted] = t_known->try_emplace({from, to});
  if (inserted) {
    it->second.key = burst_key(from, to);
    if (g_models) {
      if (auto m = g_models->find(it->second.key); m != g_models->end()) it->second.model = m->second;
      if (auto m = g_models->find(it->second.key ^ kLineMovedKey); m != g_models->end())
        it->second.moved_model = m->second;
    }
  }
  return it->second;
}

}  // namespace

uint64_t burst_key(const char* from, const char* to) { return fnv1a(key_name(from) + ">" + key_name(to)); }

void install_burst_models(std::unordered_map<uint64_t, double> seconds_by_key) {
  if (seconds_by_key.empty()) return;
  g_models = new std::unordered_map<uint64_t, double>(std::move(seconds_by_key));  // used until the process ends
}

double modelled_burst(const char* from, const char* to, bool line_moved) {
  if (!g_models || !from || !to) return -1;
  const KnownPair& k = known(from, to);
  return line_moved ? k.moved_model : k.model;
}

bool keeps_burst_sample(const char* from, const char* to, double seconds, bool line_moved, uint64_t* key) {
  if (!from || !to) return false;
  KnownPair& k = known(from, to);
  if (k.kept >= kSamplesPerKey) return false;
  // An interrupt in the burst (a timer tick, another process: 8-9 us on
  // this VM) is not the program's: a few among thousands of 5 ns bursts
  // doubled their key's mean in one instrumented run of n-queens.
  const double bound = k.kept == 0 ? kShortInterval : std::max(kInterruptedAbove, 8 * k.sum / k.kept);
  if (seconds > bound) return false;
  k.sum += seconds;
  ++k.kept;
  *key = line_moved ? k.key ^ kLineMovedKey : k.key;
  return true;
}

}  // namespace hcc::rt
