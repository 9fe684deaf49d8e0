#include "private_vars.hpp"

#include <dlfcn.h>
#include <link.h>
#include <unistd.h>
#include <sys/mman.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "fatal.hpp"
#include "hcc/hcc.h"

// Descriptors of function-local statics, and the warnings of translation
// units that leave variables shared, collected by the linker (absent when
// no object has them).
extern "C" {
extern hcc_private_var __start_hcc_private_locals[] __attribute__((weak));
extern hcc_private_var __stop_hcc_private_locals[] __attribute__((weak));
extern const char* const __start_hcc_unprivatised[] __attribute__((weak));
extern const char* const __stop_hcc_unprivatised[] __attribute__((weak));
}

char* hcc_private_shift = nullptr;

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

// The privatised variables, one entry per original (translation units that
// refer to one variable, its definition and extern declarations elsewhere,
// know it by the same address).
struct Registry {
  std::mutex mutex;
  std::vector<Entry> entries;
  std::unordered_map<const void*, size_t> index_of;
  bool locals_added = false;
  // The executable's writable data, page-aligned, found when the first rank
  // makes its image.
  uintptr_t lo = 0, hi = 0;
  size_t checked = 0;  // entries found in it
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

// Every original must lie in the executable's writable data, which each
// rank's image mirrors.
void check_in_span(const Registry& reg, const hcc_private_var* v) {
  if (v->size == 0)
    fatal(std::string(v->name) + ": privatised, but declared without its size and defined in no file compiled with "
          "hccsim -fsimulate, so ranks cannot have their copies (compile the file that defines it with hccsim, give "
          "the declaration its bound, or keep the variable global: #pragma hcc keep_global)");
  const auto a = reinterpret_cast<uintptr_t>(v->original);
  if (a < reg.lo || a + v->size > reg.hi)
    fatal(std::string(v->name) + ": privatised, but defined in " + module_of(v->original) +
          ", not in the program's executable: hccsim gives ranks copies of the executable's variables only (link "
          "that code statically, or keep the variable global: #pragma hcc keep_global)");
}

// The function-local statics (which no start-up code registers) and the
// span, when the first rank starts; every original must lie in the span.
void prepare(Registry& reg) {
  if (!reg.locals_added) {
    reg.locals_added = true;
    if (__start_hcc_private_locals)
      for (hcc_private_var* v = __start_hcc_private_locals; v < __stop_hcc_private_locals; ++v) add(reg, v);
  }
  if (reg.entries.empty()) return;
  if (reg.hi == 0 &&
      !writable_span(reinterpret_cast<uintptr_t>(reg.entries.front().var->original), reg.lo, reg.hi))
    fatal(std::string(reg.entries.front().var->name) + ": privatised, but not in any loaded module's data");
  for (; reg.checked < reg.entries.size(); ++reg.checked) check_in_span(reg, reg.entries[reg.checked].var);
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
    void* image = ::mmap(nullptr, reg.hi - reg.lo, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (image == MAP_FAILED) fatal("no memory for the copies of a rank's privatised variables");
    rank.private_image = static_cast<char*>(image);
    rank.private_image_bytes = reg.hi - reg.lo;
    rank.private_shift = reinterpret_cast<uintptr_t>(image) - reg.lo;
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
    v->init(copy_of(v, rank.private_shift));
    rank.private_constructed.push_back(v);
  }
  hcc_private_shift = saved;
}

void release_privates(Rank& rank) {
  if (!rank.private_image) return;
  char* const saved = hcc_private_shift;
  hcc_private_shift = reinterpret_cast<char*>(rank.private_shift);
  for (auto it = rank.private_constructed.rbegin(); it != rank.private_constructed.rend(); ++it)
    if ((*it)->destroy) (*it)->destroy(copy_of(*it, rank.private_shift));
  hcc_private_shift = saved;
  rank.private_constructed.clear();
  ::munmap(rank.private_image, rank.private_image_bytes);
  rank.private_image = nullptr;
  rank.private_shift = 0;
}

void resume_rank_image() { hcc_private_shift = reinterpret_cast<char*>(current_rank().private_shift); }

void leave_rank_images() {
  g_switch_rank_images = false;
  hcc_private_shift = nullptr;
}

void warn_unprivatised() {
  if (!__start_hcc_unprivatised) return;
  for (const char* const* w = __start_hcc_unprivatised; w < __stop_hcc_unprivatised; ++w)
    std::fprintf(stderr, "hccsim: warning: %s\n", *w);
}

}  // namespace hcc::rt

extern "C" void hcc_private_register(hcc_private_var* const* vars, int count) {
  hcc::rt::Registry& reg = hcc::rt::registry();
  std::lock_guard<std::mutex> lock(reg.mutex);
  for (int i = 0; i < count; ++i) hcc::rt::add(reg, vars[i]);
  // A library loaded after the ranks made their images: its variables have
  // no copies.
  if (reg.hi != 0) hcc::rt::prepare(reg);
}
