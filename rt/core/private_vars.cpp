#include "private_vars.hpp"

#include <dlfcn.h>
#include <link.h>
#include <unistd.h>
#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "bursts.hpp"
#include "fatal.hpp"
#include "hcc/hcc.h"
#include "ranks.hpp"
#include "runtime.hpp"

char* hcc_private_shift = nullptr;

extern "C" int __cxa_atexit(void (*fn)(void*), void* arg, void* dso_handle);

namespace hcc::rt {

bool g_switch_rank_images = false;

namespace {

// One privatised variable. A rank's copy starts as its original was when
// registered: the constant initialiser's bytes (files register before any
// dynamic initialiser runs; start-up code may have changed the original
// since); one with a C++ dynamic initialiser then reruns it. All zero
// bytes: the copy is left as fresh zero pages, which cost nothing
// untouched.
struct Entry {
  hcc_private_var* var;
  std::vector<unsigned char> bytes;  // empty: all zero, or constructed by init
};

// The writable data of one module (the executable, a shared library)
// holding privatised variables, page-aligned: each rank's image of it lies
// the rank's shift after it.
struct Span {
  uintptr_t lo = 0, hi = 0;
};

// What a module's linker collected (hcc_private_register_module): its
// function-local statics' descriptors, and its files' warnings.
struct ModuleSections {
  hcc_private_var* locals_begin;
  hcc_private_var* locals_end;
  const char* const* warnings_begin;
  const char* const* warnings_end;
};

// The privatised variables, one entry per original (translation units that
// refer to one variable, its definition and extern declarations elsewhere,
// know it by the same address).
struct Registry {
  std::mutex mutex;
  std::vector<Entry> entries;
  std::unordered_map<const void*, size_t> index_of;
  std::vector<ModuleSections> modules;
  size_t locals_added = 0;  // modules whose function-local statics are entries
  std::vector<Span> spans;  // found when the first rank makes its image
  bool images_made = false;
  size_t checked = 0;  // entries found in a span
};

Registry& registry() {
  static Registry* r = new Registry;  // used until the process ends
  return *r;
}

bool bytes_zero(uintptr_t from, uintptr_t to) {
  const auto* b = reinterpret_cast<const unsigned char*>(from);
  return std::all_of(b, b + (to - from), [](unsigned char c) { return c == 0; });
}

// The first page of the writable segment holding addr that the file does
// not back (its zero-initialised data, .bss): such a page that is not
// resident was never touched, and is zero. UINTPTR_MAX when unknown.
uintptr_t untouched_zero_from(uintptr_t addr) {
  struct Query {
    uintptr_t addr, from = UINTPTR_MAX;
  } q{addr};
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) {
        auto& q = *static_cast<Query*>(data);
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr)& ph = info->dlpi_phdr[i];
          const uintptr_t b = info->dlpi_addr + ph.p_vaddr;
          if (ph.p_type != PT_LOAD || !(ph.p_flags & PF_W) || q.addr < b || q.addr >= b + ph.p_memsz) continue;
          const uintptr_t page = static_cast<uintptr_t>(::sysconf(_SC_PAGESIZE));
          q.from = (b + ph.p_filesz + page - 1) & ~(page - 1);
          return 1;
        }
        return 0;
      },
      &q);
  return q.from;
}

// Whether [p, p + n) holds only zero bytes, without reading the pages of a
// large static array that nothing touched yet: a read maps them to the
// kernel's zero page, and the program's first write to each then copies
// it (an 8 MiB array's first sweep took 25 % longer in a simulated build,
// charged as the program's time).
bool all_zero(const void* p, size_t n) {
  const uintptr_t from = reinterpret_cast<uintptr_t>(p), to = from + n;
  const uintptr_t page = static_cast<uintptr_t>(::sysconf(_SC_PAGESIZE));
  const uintptr_t first = std::max(untouched_zero_from(from), (from + page - 1) & ~(page - 1));
  const uintptr_t last = to & ~(page - 1);  // the untouched pages lie in [first, last)
  std::vector<unsigned char> resident(first < last ? (last - first) / page : 0);
  if (resident.empty() || ::mincore(reinterpret_cast<void*>(first), last - first, resident.data()) != 0)
    return bytes_zero(from, to);
  if (!bytes_zero(from, first)) return false;
  for (size_t i = 0; i < resident.size(); ++i)
    if ((resident[i] & 1) && !bytes_zero(first + i * page, first + (i + 1) * page)) return false;
  return bytes_zero(last, to);
}

std::vector<unsigned char> image_of(const hcc_private_var* v) {
  if (v->init || all_zero(v->original, v->size)) return {};
  const auto* b = static_cast<const unsigned char*>(v->original);
  return {b, b + v->size};
}

void add(Registry& reg, hcc_private_var* v) {
  auto [it, added] = reg.index_of.emplace(v->original, reg.entries.size());
  if (added) {
    reg.entries.push_back({v, image_of(v)});
    return;
  }
  Entry& known = reg.entries[it->second];
  if (v->size == 0) return;  // declared without its bound: another file's descriptor has the size
  // The definition, after an extern declaration (with a constructor, or
  // with the size an unbounded declaration left out).
  if ((v->init && !known.var->init) || known.var->size == 0) known = {v, image_of(v)};
  else if (v->size > known.var->size)
    fatal(std::string(v->name) + ": declared with another size than " + known.var->name);
}

// The writable segments of the module holding addr, page-aligned.
bool writable_span(uintptr_t addr, uintptr_t& lo, uintptr_t& hi) {
  struct Query {
    uintptr_t addr, lo = 0, hi = 0;
    bool found = false;
  } q{addr};
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) {
        auto& q = *static_cast<Query*>(data);
        uintptr_t lo = UINTPTR_MAX, hi = 0;
        bool holds = false;
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr)& ph = info->dlpi_phdr[i];
          if (ph.p_type != PT_LOAD || !(ph.p_flags & PF_W)) continue;
          const uintptr_t b = info->dlpi_addr + ph.p_vaddr, e = b + ph.p_memsz;
          lo = std::min(lo, b);
          hi = std::max(hi, e);
          holds |= q.addr >= b && q.addr < e;
        }
        if (!holds) return 0;
        const uintptr_t page = static_cast<uintptr_t>(::sysconf(_SC_PAGESIZE));
        q.lo = lo & ~(page - 1);
        q.hi = (hi + page - 1) & ~(page - 1);
        q.found = true;
        return 1;
      },
      &q);
  lo = q.lo;
  hi = q.hi;
  return q.found;
}

std::string module_of(const void* addr) {
  Dl_info info{};
  if (dladdr(addr, &info) && info.dli_fname && *info.dli_fname) return info.dli_fname;
  return "another module";
}

// Every original must lie in the writable data of a module loaded before
// the first rank made its image, which each rank's image mirrors.
void check_in_span(Registry& reg, const hcc_private_var* v) {
  if (v->size == 0)
    fatal(std::string(v->name) + ": privatised, but declared without its size and defined in no file compiled with "
          "hccsim -fsimulate, so ranks cannot have their copies (compile the file that defines it with hccsim, give "
          "the declaration its bound, or keep the variable global: #pragma hcc keep_global)");
  const auto a = reinterpret_cast<uintptr_t>(v->original);
  for (const Span& s : reg.spans)
    if (a >= s.lo && a + v->size <= s.hi) return;
  Span s;
  if (!writable_span(a, s.lo, s.hi) || a + v->size > s.hi)
    fatal(std::string(v->name) + ": privatised, but not in any loaded module's writable data");
  if (reg.images_made)
    fatal(std::string(v->name) + ": privatised, but defined in " + module_of(v->original) +
          ", loaded after the ranks started: ranks have copies of the variables of the modules loaded before "
          "(link that library with the program, or keep the variable global: #pragma hcc keep_global)");
  reg.spans.push_back(s);
}

// The function-local statics (which no start-up code registers) and the
// spans, when the first rank starts; every original must lie in a span.
void prepare(Registry& reg) {
  for (; reg.locals_added < reg.modules.size(); ++reg.locals_added)
    for (hcc_private_var* v = reg.modules[reg.locals_added].locals_begin; v < reg.modules[reg.locals_added].locals_end;
         ++v)
      add(reg, v);
  for (; reg.checked < reg.entries.size(); ++reg.checked) check_in_span(reg, reg.entries[reg.checked].var);
}

// Maps a rank's image of every span at one shift, so that one
// hcc_private_shift reaches the copies of every module's variables. One
// span (the executable alone): where the kernel puts it. Several (shared
// libraries, apart by terabytes): at shifts tried one after another, each
// span where it is free.
bool map_images(const std::vector<Span>& spans, Rank& rank) {
  auto map_at = [](const Span& s, uintptr_t at, int fixed) {
    void* p = ::mmap(reinterpret_cast<void*>(at), s.hi - s.lo, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | fixed, -1, 0);
    return p == MAP_FAILED ? nullptr : static_cast<char*>(p);
  };
  if (spans.size() == 1) {
    char* image = map_at(spans[0], 0, 0);
    if (!image) return false;
    rank.private_images.push_back({image, spans[0].hi - spans[0].lo});
    rank.private_shift = reinterpret_cast<uintptr_t>(image) - spans[0].lo;
    return true;
  }
  constexpr uintptr_t kStep = uintptr_t{1} << 36, kLowest = uintptr_t{1} << 32, kHighest = uintptr_t{1} << 47;
  constexpr int kTries = 4096;
  for (int t = 1; t <= kTries; ++t) {
    // Below the originals first (the executable lies low, the libraries
    // high), then above.
    const uintptr_t shift = t <= kTries / 2 ? -static_cast<uintptr_t>(t) * kStep : (t - kTries / 2) * kStep;
    bool fits = true;
    for (const Span& s : spans)
      fits = fits && s.lo + shift >= kLowest && s.lo + shift < kHighest && s.hi + shift <= kHighest;
    if (!fits) continue;
    for (const Span& s : spans) {
      char* image = map_at(s, s.lo + shift, MAP_FIXED_NOREPLACE);
      if (image && reinterpret_cast<uintptr_t>(image) != s.lo + shift) {  // a kernel without MAP_FIXED_NOREPLACE
        ::munmap(image, s.hi - s.lo);
        image = nullptr;
      }
      if (!image) break;
      rank.private_images.push_back({image, s.hi - s.lo});
    }
    if (rank.private_images.size() == spans.size()) {
      rank.private_shift = shift;
      return true;
    }
    for (auto [image, bytes] : rank.private_images) ::munmap(image, bytes);
    rank.private_images.clear();
  }
  return false;
}

char* copy_of(const hcc_private_var* v, uintptr_t shift) {
  return reinterpret_cast<char*>(reinterpret_cast<uintptr_t>(v->original) + shift);
}

}  // namespace

void make_privates(Rank& rank) {
  Registry& reg = registry();
  std::vector<hcc_private_var*> vars;
  {
    std::lock_guard<std::mutex> lock(reg.mutex);
    prepare(reg);
    if (reg.entries.empty()) return;
    reg.images_made = true;
    if (!map_images(reg.spans, rank)) fatal("no memory for the copies of a rank's privatised variables");
    for (const Entry& e : reg.entries) {
      if (!e.bytes.empty()) std::memcpy(copy_of(e.var, rank.private_shift), e.bytes.data(), e.bytes.size());
      if (e.var->init) vars.push_back(e.var);
    }
  }
  // The initialisers run as the rank's code: they may use its other
  // variables (the lock is not held, as they may allocate or register).
  char* const saved = hcc_private_shift;
  hcc_private_shift = reinterpret_cast<char*>(rank.private_shift);
  for (hcc_private_var* v : vars) {
    char* copy = copy_of(v, rank.private_shift);
    v->init(copy);
    if (v->destroy) rank.private_destructions.emplace_back(v->destroy, copy);
  }
  hcc_private_shift = saved;
}

void release_privates(Rank& rank) {
  if (rank.private_images.empty()) return;
  char* const saved = hcc_private_shift;
  hcc_private_shift = reinterpret_cast<char*>(rank.private_shift);
  // A destructor may construct a function-local static (and register its
  // destruction): taken from the back, one at a time.
  while (!rank.private_destructions.empty()) {
    const auto [destroy, copy] = rank.private_destructions.back();
    rank.private_destructions.pop_back();
    destroy(copy);
  }
  hcc_private_shift = saved;
  for (auto [image, bytes] : rank.private_images) ::munmap(image, bytes);
  rank.private_images.clear();
  rank.private_shift = 0;
}

void resume_rank_image() { hcc_private_shift = reinterpret_cast<char*>(current_rank().private_shift); }

void leave_rank_images() {
  g_switch_rank_images = false;
  hcc_private_shift = nullptr;
}

void warn_unprivatised() {
  Registry& reg = registry();
  std::lock_guard<std::mutex> lock(reg.mutex);
  for (const ModuleSections& m : reg.modules)
    for (const char* const* w = m.warnings_begin; w < m.warnings_end; ++w)
      std::fprintf(stderr, "hccsim: warning: %s\n", *w);
}

}  // namespace hcc::rt

extern "C" void hcc_private_register(hcc_private_var* const* vars, int count) {
  hcc::rt::Registry& reg = hcc::rt::registry();
  std::lock_guard<std::mutex> lock(reg.mutex);
  for (int i = 0; i < count; ++i) hcc::rt::add(reg, vars[i]);
  // A library loaded after the ranks made their images: its variables have
  // no copies.
  if (reg.images_made) hcc::rt::prepare(reg);
}

extern "C" int hcc_private_destroy_original_at_exit(hcc_private_var* var, void* dso_handle) {
  if (hcc::rt::mpi_build()) return 0;
  auto destroy = [](void* v) {
    auto* var = static_cast<hcc_private_var*>(v);
    var->destroy(var->original);
  };
  return __cxa_atexit(destroy, var, dso_handle);
}

namespace hcc::rt {
namespace {

// A local static's state while a thread constructs it: the rank's shift
// plus 2, which is no shift (they are whole pages) and not 1 (never
// constructed).
intptr_t constructing(intptr_t shift) { return shift + 2; }

// The rank's runtime where its threads are simulated: one actor runs at a
// time, and a waiting one waits through the runtime, letting the others
// run. Elsewhere (start-up, a native build privatised to measure it)
// threads are the system's.
Runtime* simulating_runtime() {
  Runtime* rt = current_rank().runtime.get();
  return rt && rt->simulated() ? rt : nullptr;
}
std::mutex g_local_statics_mutex;
std::condition_variable g_local_statics_constructed;

// The construction of the copy at state ended (value: the rank's shift, or
// 1: the constructor threw): the threads waiting for it see it.
void settle(intptr_t* state, intptr_t value) {
  if (Runtime* rt = simulating_runtime()) {
    std::atomic_ref<intptr_t>(*state).store(value);
    rt->lock();
    rt->notify_locked();
    rt->unlock();
    return;
  }
  {
    std::lock_guard<std::mutex> lock(g_local_statics_mutex);
    std::atomic_ref<intptr_t>(*state).store(value);
  }
  g_local_statics_constructed.notify_all();
}

}  // namespace
}  // namespace hcc::rt

extern "C" int hcc_private_local_acquire(intptr_t* state) {
  const intptr_t mine = reinterpret_cast<intptr_t>(hcc_private_shift);
  std::atomic_ref<intptr_t> s(*state);
  const auto not_constructing = [&] { return s.load() != hcc::rt::constructing(mine); };
  const auto claim = [&] {
    if (s.load() == mine) return 0;  // constructed while the caller waited
    s.store(hcc::rt::constructing(mine));
    return 1;
  };
  if (hcc::rt::Runtime* rt = hcc::rt::simulating_runtime()) {
    if (not_constructing()) return claim();
    hcc::rt::RuntimeEntry entry("hcc_private_local_acquire");
    rt->lock();
    rt->wait_locked(not_constructing, false);
    const int claimed = claim();
    rt->unlock();
    return claimed;
  }
  std::unique_lock<std::mutex> lock(hcc::rt::g_local_statics_mutex);
  hcc::rt::g_local_statics_constructed.wait(lock, not_constructing);
  return claim();
}

extern "C" void hcc_private_local_abandoned(intptr_t* state) { hcc::rt::settle(state, 1); }

extern "C" int hcc_private_local_constructed(void (*destroy)(void*), void* object, void* dso_handle,
                                             intptr_t* state) {
  hcc::rt::settle(state, reinterpret_cast<intptr_t>(hcc_private_shift));
  hcc::rt::Rank& rank = hcc::rt::current_rank();
  if (!rank.private_images.empty()) {
    rank.private_destructions.emplace_back(destroy, object);
    return 0;
  }
  // The original: a simulation of ranks destroys only their copies, as
  // hcc_private_destroy_original_at_exit.
  return hcc::rt::mpi_build() ? 0 : __cxa_atexit(destroy, object, dso_handle);
}

extern "C" void hcc_private_register_module(hcc_private_var* locals_begin, hcc_private_var* locals_end,
                                            const char* const* warnings_begin, const char* const* warnings_end) {
  hcc::rt::Registry& reg = hcc::rt::registry();
  std::lock_guard<std::mutex> lock(reg.mutex);
  if (locals_begin == locals_end && warnings_begin == warnings_end) return;
  for (const hcc::rt::ModuleSections& m : reg.modules)  // each file of the module registers it
    if (m.locals_begin == locals_begin && m.warnings_begin == warnings_begin) return;
  reg.modules.push_back({locals_begin, locals_end, warnings_begin, warnings_end});
  if (reg.images_made) hcc::rt::prepare(reg);
}
