#include "private_vars.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <mutex>
#include <new>
#include <unordered_map>
#include <vector>

#include "fatal.hpp"
#include "hcc/hcc.h"

namespace hcc::rt {
namespace {

// One privatised object. Translation units that refer to the same variable
// (its definition and extern declarations elsewhere) share its slot: they
// know it by the same original address.
struct Slot {
  hcc_private_var* var;  // the one with an initialiser, if any
  bool zero_image;       // copies start as zero pages (no copy needed)
};

// Copies this large are mapped: their untouched pages cost nothing.
constexpr size_t kMapped = size_t{64} << 10;

struct Registry {
  std::mutex mutex;
  std::vector<Slot> slots;
  std::unordered_map<const void*, int> slot_of;
};

Registry& registry() {
  static Registry* r = new Registry;  // used until the process ends
  return *r;
}

bool all_zero(const void* p, size_t n) {
  const auto* b = static_cast<const unsigned char*>(p);
  return std::all_of(b, b + n, [](unsigned char c) { return c == 0; });
}

void register_one(Registry& reg, hcc_private_var* v) {
  auto [it, added] = reg.slot_of.emplace(v->original, static_cast<int>(reg.slots.size()));
  v->slot = it->second;
  if (added) {
    reg.slots.push_back({v, v->init == nullptr && all_zero(v->original, v->size)});
  } else if (v->init && !reg.slots[v->slot].var->init) {
    reg.slots[v->slot] = {v, false};  // the definition, after an extern declaration
  } else if (v->size > reg.slots[v->slot].var->size) {
    fatal(std::string(v->name) + ": declared with another size than " + reg.slots[v->slot].var->name);
  }
}

void* make_copy(const Slot& s) {
  const hcc_private_var& v = *s.var;
  const size_t align = std::max<size_t>(v.align, alignof(std::max_align_t));
  const size_t size = std::max<size_t>(v.size, 1);
  void* p = nullptr;
  if (size >= kMapped) {
    p = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) fatal(std::string(v.name) + ": no memory for a rank's copy");
  } else {
    p = ::operator new(size, std::align_val_t(align));
    if (!v.init) std::memset(p, 0, size);
  }
  if (v.init) v.init(p);
  else if (!s.zero_image) std::memcpy(p, v.original, v.size);
  return p;
}

void free_copy(const Slot& s, void* p) {
  const hcc_private_var& v = *s.var;
  if (v.destroy) v.destroy(p);
  const size_t size = std::max<size_t>(v.size, 1);
  if (size >= kMapped) ::munmap(p, size);
  else ::operator delete(p, std::align_val_t(std::max<size_t>(v.align, alignof(std::max_align_t))));
}

}  // namespace

void make_privates(Rank& rank) {
  Registry& reg = registry();
  // The lock is not held while an initialiser runs: it may use other
  // privatised variables, even ones registered after its own (hcc_private
  // then makes them first), so the next copy to make is always the first
  // missing one.
  for (;;) {
    const size_t i = rank.privates.size();
    Slot slot;
    {
      std::lock_guard<std::mutex> lock(reg.mutex);
      if (i >= reg.slots.size()) return;
      slot = reg.slots[i];
    }
    rank.privates.push_back(nullptr);  // being made
    void* copy = make_copy(slot);
    rank.privates[i] = copy;
  }
}

void release_privates(Rank& rank) {
  Registry& reg = registry();
  for (size_t i = rank.privates.size(); i-- > 0;) {
    Slot slot;
    {
      std::lock_guard<std::mutex> lock(reg.mutex);
      slot = reg.slots[i];
    }
    if (rank.privates[i]) free_copy(slot, rank.privates[i]);
  }
  rank.privates.clear();
}

}  // namespace hcc::rt

extern "C" void hcc_private_register(hcc_private_var* const* vars, int count) {
  hcc::rt::Registry& reg = hcc::rt::registry();
  std::lock_guard<std::mutex> lock(reg.mutex);
  for (int i = 0; i < count; ++i) hcc::rt::register_one(reg, vars[i]);
}

extern "C" void* hcc_private(hcc_private_var* var) {
  hcc::rt::Rank& rank = hcc::rt::current_rank();
  // Before a simulation starts its ranks and after they end (constructors
  // and destructors of the originals), the program is no rank.
  if (rank.outside_ranks) return var->original;
  if (var->slot < 0) {  // used before its unit's constructor ran
    if (!var->original)  // a thread-local's address is set by that constructor
      hcc::rt::fatal(std::string(var->name) + ": used before its file's start-up registered it");
    hcc_private_register(&var, 1);
  }
  const auto slot = static_cast<size_t>(var->slot);
  if (slot < rank.privates.size() && rank.privates[slot]) return rank.privates[slot];
  if (slot < rank.privates.size())  // being initialised: an initialiser that uses itself
    hcc::rt::fatal(std::string(var->name) + ": its initialiser uses it");
  hcc::rt::make_privates(rank);
  return rank.privates[slot];
}
